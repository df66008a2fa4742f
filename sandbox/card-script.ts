/**
 * GET /js/vorexy-card.js: the sandbox's stand-in for the gateway's browser tokeniser (the template's
 * `security.js`): the storefront gives it the card, it returns a token, and the card never reaches
 * the store's server. Plain ES2017 so any browser runs it as served.
 */
export const CARD_SCRIPT = `/*
 * Vorexy sandbox card tokeniser.
 *   VorexyCard.setPublicKey("pk_sandbox_1001")
 *   VorexyCard.encrypt({ number, holderName, expMonth, expYear, cvv }) -> Promise<"tok_...">
 * The token is single-use and expires 15 minutes after issue; send it as card.hash.
 *
 * Test cards (any holder, any future expiry, any 3-4 digit CVV):
 *   4111 1111 1111 1111 (or any other Luhn-valid number)  approved: PAID at once
 *   4000 0000 0000 0002  refused, refusedReason "Transação negada pelo emissor: saldo insuficiente"
 *   4000 0000 0000 0119  refused, refusedReason { description: "Cartão expirado" }
 *   4000 0000 0000 9995  in analysis (IN_ANALISYS) until the sandbox pays, fails or cancels it
 */
(function () {
  "use strict";
  var script = document.currentScript;
  // Tokens are issued by the server this script came from, whatever page loads it.
  var origin = new URL(script && script.src ? script.src : "/", window.location.href).origin;
  var publicKey = null;

  function encrypt(card) {
    if (!publicKey) return Promise.reject(new Error("VorexyCard: call setPublicKey first"));
    card = card || {};
    return fetch(origin + "/api/v1/card-tokens", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        publicKey: publicKey,
        number: card.number,
        holderName: card.holderName,
        expMonth: card.expMonth,
        expYear: card.expYear,
        cvv: card.cvv,
      }),
    }).then(function (response) {
      return response.json().then(function (body) {
        if (!response.ok || !body || !body.token) {
          throw new Error((body && body.message) || "VorexyCard: tokenisation failed");
        }
        return body.token;
      });
    });
  }

  window.VorexyCard = {
    setPublicKey: function (pk) {
      publicKey = pk;
    },
    encrypt: encrypt,
  };
})();
`
