// The whole page runtime: the APIs Claude gives artifacts (window.storage,
// window.claude.complete, window.fs.readFile). Built pages carry only the ones they use.
import './storage';
import './claude';
import './fs';
