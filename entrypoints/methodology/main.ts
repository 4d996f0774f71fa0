import methodology from '../../docs/methodology.md?raw';
import { renderMarkdown } from '../../src/methodology/render';
import './style.css';

document.getElementById('methodology')!.innerHTML = renderMarkdown(methodology);
