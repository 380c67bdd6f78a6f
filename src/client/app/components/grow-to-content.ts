/** Lets a textarea grow with its content where CSS `field-sizing: content` is not supported. */
export function growToContent(element: HTMLTextAreaElement | null): void {
  if (!element || (typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content'))) return;
  element.style.height = 'auto';
  const borders = element.offsetHeight - element.clientHeight;
  element.style.height = `${element.scrollHeight + borders}px`;
}
