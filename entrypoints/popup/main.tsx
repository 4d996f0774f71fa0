import './mark-start';
import { render } from 'preact';
import { App } from '../../src/popup/App';
import { loadPopupState } from '../../src/popup/load-state';
import '../../src/popup/popup.css';

// Read the numbers before anything renders. The marks are read by bench/popup.bench.ts.
performance.mark('state-asked');
const initialState = loadPopupState().then((r) => {
  performance.mark('state-answered');
  return r;
});
render(
  <App initialState={initialState} loadState={loadPopupState} onNumbersShown={() => performance.mark('numbers-shown')} />,
  document.getElementById('app')!,
);
