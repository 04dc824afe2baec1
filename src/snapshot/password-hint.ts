/**
 * Android reports an empty password field's hint as its text, and masks a typed password into bullets (older
 * versions may leak it in clear). The snapshot hides a password field's text, which would hide the hint with it:
 * text that reads as a prompt for a secret is kept as the hint; anything else may be the secret and stays hidden.
 */

/** Words of a prompt for a secret, in the languages apps ship most; a typed password rarely holds one whole. */
const PROMPT =
  /\b(password|passwords|passcode|passphrase|pin|enter|confirm|repeat|retype|re-enter|current|new|old|your|contraseña|mot de passe|passwort|senha|kennwort|wachtwoord|parola|пароль)\b/iu;

/** The hint a password field's text holds, or '' when the text may be the secret itself. */
export function passwordHint(text: string): string {
  const t = text.trim();
  if (t === '' || !/\p{L}/u.test(t)) return '';
  return PROMPT.test(t) ? t : '';
}
