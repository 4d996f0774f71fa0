import './mark-start';
import { render } from 'preact';
import { App } from '../../src/popup/App';
import { loadPopupState } from '../../src/popup/load-state';
import { takeEarlyRead } from '../../src/popup/early-read';
import { t, uiLocale } from '../../src/i18n/t';
import '../../src/popup/popup.css';

// The numbers: from the read popup-read.js started while the page loaded, else read now, before
// anything renders. The marks are read by bench/popup.bench.ts.
performance.mark('state-asked');
const initialState = loadPopupState(takeEarlyRead()).then((r) => {
  performance.mark('state-answered');
  return r;
});
const locale = uiLocale();
document.documentElement.lang = locale;
document.title = t('extName');
render(
  <App locale={locale} initialState={initialState} loadState={loadPopupState} onNumbersShown={() => performance.mark('numbers-shown')} />,
  document.getElementById('app')!,
);
