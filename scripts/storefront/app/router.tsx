/** History routing in a few lines: the current path, navigate(), and a <Link>. */
import { MouseEvent, ReactNode, useEffect, useState } from "react"

const CHANGE = "vorexy-demo:navigate"

export function navigate(to: string) {
  window.history.pushState(null, "", to)
  window.scrollTo(0, 0)
  window.dispatchEvent(new Event(CHANGE))
}

export function usePath() {
  const [path, setPath] = useState(window.location.pathname)
  useEffect(() => {
    const update = () => setPath(window.location.pathname)
    window.addEventListener("popstate", update)
    window.addEventListener(CHANGE, update)
    return () => {
      window.removeEventListener("popstate", update)
      window.removeEventListener(CHANGE, update)
    }
  }, [])
  return path
}

export function Link({
  to,
  children,
  className,
}: {
  to: string
  children: ReactNode
  className?: string
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    navigate(to)
  }
  return (
    <a href={to} onClick={onClick} className={className}>
      {children}
    </a>
  )
}
