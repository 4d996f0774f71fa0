import { render } from 'preact';
import { sendMessage } from '../../src/messaging/messaging';
import { App } from '../../src/popup/App';
import '../../src/popup/popup.css';

// Ask for the numbers before anything renders; the benchmark reads the mark.
const initialState = sendMessage('popup/state', {});
render(<App initialState={initialState} onNumbersShown={() => performance.mark('numbers-shown')} />, document.getElementById('app')!);
