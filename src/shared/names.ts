// Names people type end up in logs, file listings and HTML; a NUL or an escape sequence in
// one truncates or rewrites what an operator or another reader sees.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** True when the text holds a C0 or C1 control character (NUL, newline, tab, ESC, DEL...). */
export function hasControlCharacter(text: string): boolean {
  return CONTROL.test(text);
}
