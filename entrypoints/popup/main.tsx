import './mark-start';
import { render } from 'preact';
import { sendMessage } from '../../src/messaging/messaging';
import { App } from '../../src/popup/App';
import '../../src/popup/popup.css';

// Ask for the numbers before anything renders. The marks are read by bench/popup.bench.ts.
performance.mark('state-asked');
const initialState = sendMessage('popup/state', {}).then((r) => {
  performance.mark('state-answered');
  return r;
});
render(<App initialState={initialState} onNumbersShown={() => performance.mark('numbers-shown')} />, document.getElementById('app')!);
