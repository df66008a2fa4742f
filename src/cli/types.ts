/** One change to a starter file: where it goes (its anchors) and how to tell it is already made. */
export type Step = {
  /** What it does, as printed. */
  what: string
  /** Text (or a pattern) found in the file once this step is applied, and never before. */
  marker: string | RegExp
  /** The file's text with this step applied; throws AnchorMissing when the starter code is not there. */
  apply(text: string): string
}

/** A starter file the command edits in place. */
export type FileEdit = { kind: "edit"; path: string; steps: Step[] }

/**
 * A file the command adds, whole. `replaces`: the SHA-256 of each version an earlier release of the
 * command wrote there (its text with LF line ends), which a re-run after an upgrade replaces; any
 * other content is the store's own and is never overwritten.
 */
export type NewFile = {
  kind: "new"
  path: string
  what: string
  content: string
  replaces?: readonly string[]
}

export type Change = FileEdit | NewFile

/** What the command found for one file. */
export type FilePlan =
  | { path: string; state: "unchanged"; what: string[] }
  | {
      path: string
      state: "changed" | "added"
      what: string[]
      before: string | null
      after: string
    }
  | { path: string; state: "failed"; problem: string }
