// The whole page runtime: the APIs Claude gives artifacts (window.storage,
// window.claude.complete, window.fs.readFile) and calls to Anthropic's URL. Built pages carry
// only the ones they use.
import './storage';
import './claude';
import './anthropic';
import './fs';
