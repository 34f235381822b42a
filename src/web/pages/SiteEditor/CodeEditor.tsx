import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { javascript } from '@codemirror/lang-javascript';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { oneDark } from '@codemirror/theme-one-dark';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';

// The CodeMirror 6 editor, in a module of its own: the screen loads it on demand, so its
// weight is a chunk of its own and no other screen carries it.

/** Where the builder says the mistake is, in the editor's terms (1-based line and column). */
export interface EditorProblem {
  line: number;
  column: number;
  message: string;
}

interface CodeEditorProps {
  /** The file's path: its extension picks the highlighting. */
  path: string;
  /** The text the editor opens with; later changes to it are ignored (the editor owns it). */
  initialText: string;
  onChange: (text: string) => void;
  problem: EditorProblem | null;
  /** A team's viewer reads the source and changes nothing. */
  readOnly?: boolean;
}

function languageOf(path: string): Extension {
  const ext = path.toLowerCase().split('.').pop() ?? '';
  if (['js', 'jsx', 'mjs', 'cjs'].includes(ext)) return javascript({ jsx: true });
  if (['ts', 'tsx', 'mts', 'cts'].includes(ext)) return javascript({ jsx: true, typescript: true });
  if (['html', 'htm', 'svg'].includes(ext)) return html();
  if (ext === 'css') return css();
  return [];
}

const light = EditorView.theme({
  '&': { backgroundColor: '#ffffff', color: '#0f172a' },
  '.cm-gutters': { backgroundColor: '#f8fafc', color: '#64748b', borderRight: '1px solid #e2e8f0' },
});
const sizing = EditorView.theme({
  '&': { height: '100%', fontSize: '13px' },
  // The card around the editor is its frame; a focus ring inside it would only clip.
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
});

/** The app's theme as the page shows it: whatever sets the root's `dark` class, the editor follows. */
function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
const isDark = () => document.documentElement.classList.contains('dark');

function diagnosticOf(view: EditorView, problem: EditorProblem): Diagnostic {
  const doc = view.state.doc;
  const line = doc.line(Math.min(Math.max(1, problem.line), doc.lines));
  const from = Math.min(line.from + Math.max(0, problem.column - 1), line.to);
  // The whole rest of the line, at least one character, so the mark can be seen.
  const to = from < line.to ? line.to : Math.min(from + 1, doc.length);
  return { from, to, severity: 'error', message: problem.message, source: 'Build' };
}

export function CodeEditor({
  path,
  initialText,
  onChange,
  problem,
  readOnly = false,
}: CodeEditorProps) {
  const dark = useSyncExternalStore(subscribeToTheme, isDark, () => false);
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const theme = useRef(new Compartment());
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    if (!host.current) return;
    // In a shadow root CodeMirror styles itself with constructed style sheets; in the
    // document it would add <style> elements, which the app's CSP (style-src 'self') blocks.
    const shadow = host.current.shadowRoot ?? host.current.attachShadow({ mode: 'open' });
    const parent = document.createElement('div');
    parent.style.height = '100%';
    shadow.replaceChildren(parent);
    const created = new EditorView({
      parent,
      root: shadow,
      state: EditorState.create({
        doc: initialText,
        extensions: [
          basicSetup,
          languageOf(path),
          lintGutter(),
          // Long lines of generated HTML would otherwise run off a phone's screen.
          EditorView.lineWrapping,
          sizing,
          theme.current.of(dark ? oneDark : light),
          EditorState.readOnly.of(readOnly),
          EditorView.contentAttributes.of({ 'aria-label': `Source of ${path}` }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      parent.remove();
      view.current = null;
    };
    // One editor per file: the screen gives each file its own (a key), so path and text are
    // read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Before paint: the editor never shows a frame in the other theme.
  useLayoutEffect(() => {
    view.current?.dispatch({ effects: theme.current.reconfigure(dark ? oneDark : light) });
  }, [dark]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const diagnostics = problem ? [diagnosticOf(v, problem)] : [];
    v.dispatch(setDiagnostics(v.state, diagnostics));
    if (problem && diagnostics[0]) {
      v.dispatch({
        selection: { anchor: diagnostics[0].from },
        effects: EditorView.scrollIntoView(diagnostics[0].from, { y: 'center' }),
      });
    }
  }, [problem]);

  return <div ref={host} className="h-full min-h-0" data-testid="code-editor" />;
}
