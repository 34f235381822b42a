import { describe, expect, it } from 'vitest';
import { REMIX_CONTROL_TAG, remixControlHtml, withRemixControl } from './remix-control';

describe('the Remix control written into a page', () => {
  const control = remixControlHtml('https://app.example/remix/abc?x="1"&y=<2>');

  it('goes last in the body, after every earlier closing tag a script string may hold', () => {
    const page = '<html><body><script>const s = "</body>";</script><h1>Hi</h1></body></html>';
    const out = withRemixControl(page, control);
    expect(out.indexOf(REMIX_CONTROL_TAG)).toBeGreaterThan(out.indexOf('<h1>Hi</h1>'));
    expect(out.endsWith(`</${REMIX_CONTROL_TAG}></body></html>`)).toBe(true);
    expect(out.replace(control, '')).toBe(page);
  });

  it('goes at the end of a page without a closing body tag', () => {
    expect(withRemixControl('<h1>Fragment</h1>', control)).toBe(`<h1>Fragment</h1>${control}`);
  });

  it('escapes the link and keeps its styles inside its own shadow root', () => {
    expect(control).toContain(
      'href="https://app.example/remix/abc?x=&quot;1&quot;&amp;y=&lt;2&gt;"',
    );
    expect(control).toMatch(
      new RegExp(`^<${REMIX_CONTROL_TAG}><template shadowrootmode="open"><style>`),
    );
    // Nothing outside the shadow root but the host element itself.
    expect(control.indexOf('</template>')).toBe(
      control.length - `</template></${REMIX_CONTROL_TAG}>`.length,
    );
  });
});
