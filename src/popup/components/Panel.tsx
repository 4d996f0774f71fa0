import type { ComponentChildren } from 'preact';

/** A collapsible settings section: a heading that opens and closes it (keyboard: Enter/Space on the summary). */
export function Panel(props: { id: string; title: string; open?: boolean; children: ComponentChildren }) {
  return (
    <details class="panel" open={props.open} id={`${props.id}-panel`}>
      <summary>
        <h2 id={`${props.id}-h`}>{props.title}</h2>
      </summary>
      <div class="panel-body">{props.children}</div>
    </details>
  );
}
