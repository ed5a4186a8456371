/**
 * Stands for the product's name in pages prerendered at build time, which cannot know it: the
 * server writes `PRODUCT_NAME` in its place when it serves them.
 */
export const productNamePlaceholder = '{{PRODUCT_NAME}}';

/** Marks `<html>` in a signed-in shell whose stored visitor has not had their identity checked. */
export const identityUncheckedMarker = 'data-identity-unchecked';

/** Marks `<html>` in a signed-in shell whose stored visitor has a name; `--visitor-name` holds it. */
export const visitorNamedMarker = 'data-visitor-named';

/**
 * The one inline script, in a signed-in screen's shell (the server's CSP allows it by its
 * hash): before the first paint it marks the page for the visitor the browser holds (the
 * session record in local storage, as apps/web's session-keys.ts names it), so that the shell
 * shows what their screen will from the session alone (on /main, the greeting with their name
 * and, for a customer who has not had it, the identity check) instead of waiting for the app.
 * It only sets attributes and a style property (a CSS string): the styles do the rest.
 */
export const shellVisitorScript =
  'try{var u=JSON.parse(localStorage.getItem("user")||"null"),h=document.documentElement;' +
  'if(u&&u.expireMinutes>Date.now()){' +
  `if(u.is_identomat_verified===false)h.setAttribute("${identityUncheckedMarker}","");` +
  'if(typeof u.name==="string"&&u.name){' +
  `h.setAttribute("${visitorNamedMarker}","");` +
  'h.style.setProperty("--visitor-name",JSON.stringify(u.name))}}}catch(e){}';
