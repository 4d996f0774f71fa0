import { render } from 'preact';

function Popup() {
  return <main>AI Chat Footprint</main>;
}

render(<Popup />, document.getElementById('app')!);
