import { editorMessageOf, PREVIEW_CHANNEL, type FrameMessage, type Unchannelled } from './protocol';

/**
 * The preview pane's side of the bridge (docs/design.md §26), in the frame of an editor's preview only (never in a page
 * visitors get): it outlines the field under the pointer with its label, tells the editor which field was
 * clicked, outlines the field being typed in, keeps the scroll position across renders and runs the checks
 * when asked (their own chunk). It talks only to its parent window, only at the editor's origin that the
 * server wrote into the page, and reads only messages of the protocol's shapes.
 */
interface PaneData {
  editorOrigin: string;
  siteAddresses: string[];
}

const FIELD = 'data-folio-field';
const ACCENT = '#1d5fd0';

function paneData(): PaneData | null {
  try {
    const data = JSON.parse(document.getElementById('folio-pane')?.textContent ?? 'null') as PaneData | null;
    return data && typeof data.editorOrigin === 'string' && Array.isArray(data.siteAddresses) ? data : null;
  } catch {
    return null;
  }
}

const pane = paneData();
if (pane && window.parent !== window) start(pane);

function start({ editorOrigin, siteAddresses }: PaneData): void {
  // The page as visitors with scripts see it at first paint (the islands' entry, not loaded here, does the same).
  document.documentElement.classList.replace('no-js', 'js');
  const post = (message: Unchannelled<FrameMessage>) =>
    window.parent.postMessage({ channel: PREVIEW_CHANNEL, ...message }, editorOrigin);
  let labels: Record<string, string> = {};
  const hover = overlay('dashed');
  const typing = overlay('solid');
  const marks = commentMarks((field) => labels[field] ?? field);

  const closestField = (target: EventTarget | null) =>
    target instanceof Element ? target.closest(`[${FIELD}]`) : null;
  // The element under the pointer, or under what covers it (a slide's picture under its caption's shade).
  const fieldAt = (event: MouseEvent) =>
    closestField(event.target) ??
    document
      .elementsFromPoint(event.clientX, event.clientY)
      .map(closestField)
      .find((element) => element !== null) ??
    null;
  const elementsOf = (field: string) => [...document.querySelectorAll(`[${FIELD}="${CSS.escape(field)}"]`)];

  document.addEventListener('mouseover', (event) => {
    const element = fieldAt(event);
    const field = element?.getAttribute(FIELD);
    hover.show(element && field ? [element] : [], field ? (labels[field] ?? field) : '');
  });
  document.addEventListener('mouseleave', () => hover.show([], ''));
  // Nothing in the preview navigates or submits: a click picks the field it shows.
  document.addEventListener(
    'click',
    (event) => {
      event.preventDefault();
      const mark = event.target instanceof Element ? event.target.closest('[data-folio-comments]') : null;
      if (mark) {
        post({ type: 'open-comments', field: mark.getAttribute('data-folio-comments') ?? '' });
        return;
      }
      const field = fieldAt(event)?.getAttribute(FIELD);
      if (field) post({ type: 'select', field });
    },
    true,
  );
  document.addEventListener('submit', (event) => event.preventDefault(), true);
  let scrollTimer = 0;
  window.addEventListener(
    'scroll',
    () => {
      window.clearTimeout(scrollTimer);
      scrollTimer = window.setTimeout(() => post({ type: 'scroll', y: Math.round(window.scrollY) }), 80);
    },
    { passive: true },
  );
  window.addEventListener('resize', () => {
    hover.refresh();
    typing.refresh();
    marks.refresh();
  });

  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== editorOrigin) return;
    const message = editorMessageOf(event.data);
    if (!message) return;
    if (message.type === 'labels') labels = message.labels;
    else if (message.type === 'comments') marks.show(message.counts);
    else if (message.type === 'scroll-to') window.scrollTo({ top: message.y, behavior: 'instant' });
    else if (message.type === 'outline') {
      const elements = message.field ? elementsOf(message.field) : [];
      typing.show(elements, message.field ? (labels[message.field] ?? message.field) : '');
      const [first] = elements;
      if (first && !inView(first)) centre(first);
    } else if (message.type === 'run-checks') {
      const { id } = message;
      void import('./checks').then(async ({ runChecks }) =>
        post({ type: 'checks', id, findings: await runChecks(siteAddresses) }),
      );
    } else if (message.type === 'render') {
      const { serial } = message;
      if (!renderInPlace(message.html, [hover.layer, typing.layer, marks.layer])) {
        post({ type: 'reload', serial });
        return;
      }
      hover.show([], '');
      typing.show([], '');
      marks.refresh();
      post({ type: 'rendered', serial, fields: markedFields() });
    }
  });

  post({ type: 'ready', fields: markedFields(), scrollY: Math.round(window.scrollY) });
}

function markedFields(): string[] {
  return [
    ...new Set([...document.querySelectorAll(`[${FIELD}]`)].map((element) => element.getAttribute(FIELD) ?? '')),
  ].filter(Boolean);
}

/** The head's elements that load or style something; the rest (title, meta) is the render's own text. */
const LOADS = 'link[rel~="stylesheet"], link[rel="modulepreload"], script, style';
const headLoads = (head: HTMLHeadElement) =>
  [...head.querySelectorAll(LOADS)].map((element) => element.outerHTML).join('\n');

/**
 * Puts a new render of the page in place of the one on show, in one step (no flicker, no new document, nothing
 * fetched again): its body, its head's title and meta, its language, the scroll position kept. Its scripts do
 * not run (a parsed document's never do); the pane's own layers stay on top. False when the render loads other
 * styles or scripts than the document on show: it then needs a document of its own.
 */
function renderInPlace(html: string, layers: HTMLElement[]): boolean {
  const next = new DOMParser().parseFromString(html, 'text/html');
  if (headLoads(next.head) !== headLoads(document.head)) return false;
  const y = window.scrollY;
  const own = (parent: HTMLElement) => [...parent.children].filter((element) => !element.matches(LOADS));
  for (const element of own(document.head)) element.remove();
  document.head.prepend(...own(next.head).map((element) => document.importNode(element, true)));
  document.documentElement.lang = next.documentElement.lang;
  document.body.className = next.body.className;
  // The render's own copy of the bridge (this script) is not wanted twice.
  for (const script of next.body.querySelectorAll('script[src]')) script.remove();
  document.body.replaceChildren(...[...next.body.childNodes].map((node) => document.importNode(node, true)), ...layers);
  window.scrollTo({ top: y, behavior: 'instant' });
  return true;
}

/**
 * Scrolls the frame's own page so the element sits in the middle of its window. Never `scrollIntoView`: from a
 * frame, that scrolls the editor's page around it too, moving the form away from the field being typed in.
 */
function centre(element: Element): void {
  const box = element.getBoundingClientRect();
  window.scrollTo({ top: window.scrollY + box.top + box.height / 2 - window.innerHeight / 2, behavior: 'instant' });
}

function inView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
}

/** An outline drawn over elements (never in the page's flow, never hit by the pointer), with a label tag. */
function overlay(style: 'dashed' | 'solid') {
  const layer = document.createElement('div');
  layer.className = 'folio-pane-overlay';
  layer.setAttribute('aria-hidden', 'true');
  layer.style.cssText = 'position:absolute;left:0;top:0;width:0;height:0;pointer-events:none;z-index:2147483647';
  document.body.append(layer);
  let shown: Element[] = [];
  let text = '';
  const draw = () => {
    layer.replaceChildren(
      ...shown.map((element, index) => {
        const box = element.getBoundingClientRect();
        const frame = document.createElement('div');
        frame.style.cssText = `position:absolute;left:${box.left + window.scrollX - 3}px;top:${box.top + window.scrollY - 3}px;width:${box.width + 6}px;height:${box.height + 6}px;outline:2px ${style} ${ACCENT};border-radius:3px`;
        if (index === 0 && text) {
          const tag = document.createElement('span');
          tag.textContent = text;
          tag.style.cssText = `position:absolute;left:-2px;bottom:100%;max-width:320px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font:600 12px/1.6 system-ui,sans-serif;color:#fff;background:${ACCENT};padding:0 6px;border-radius:3px 3px 0 0`;
          frame.append(tag);
        }
        return frame;
      }),
    );
  };
  return {
    layer,
    show(elements: Element[], label: string) {
      shown = elements;
      text = label;
      draw();
    },
    refresh: draw,
  };
}

/**
 * The comments' markers (docs/design.md §32): a speech bubble with the count of open comments at the top right corner
 * of the first element that shows each such field; a click (or Enter) on one asks the editor to open that field's
 * comments. Buttons with names, over the page (never in its flow).
 */
function commentMarks(labelOf: (field: string) => string) {
  const layer = document.createElement('div');
  layer.className = 'folio-pane-comments';
  layer.style.cssText = 'position:absolute;left:0;top:0;width:0;height:0;z-index:2147483646';
  document.body.append(layer);
  let counts: Record<string, number> = {};
  const draw = () => {
    layer.replaceChildren(
      ...Object.entries(counts).flatMap(([field, count]) => {
        const element = document.querySelector(`[${FIELD}="${CSS.escape(field)}"]`);
        if (!element || count < 1) return [];
        const box = element.getBoundingClientRect();
        const mark = document.createElement('button');
        mark.type = 'button';
        mark.setAttribute('data-folio-comments', field);
        mark.setAttribute('aria-label', `${count} open comment${count === 1 ? '' : 's'} on ${labelOf(field)}`);
        mark.textContent = `\u{1F4AC} ${count}`;
        mark.style.cssText = `position:absolute;left:${Math.max(0, box.right + window.scrollX - 44)}px;top:${Math.max(0, box.top + window.scrollY - 12)}px;min-width:40px;height:24px;padding:0 6px;border:0;border-radius:12px 12px 12px 2px;background:${ACCENT};color:#fff;font:700 12px/24px system-ui,sans-serif;cursor:pointer;box-shadow:0 1px 3px rgba(0,0,0,.35)`;
        return [mark];
      }),
    );
  };
  return {
    layer,
    show(next: Record<string, number>) {
      counts = next;
      draw();
    },
    refresh: draw,
  };
}
