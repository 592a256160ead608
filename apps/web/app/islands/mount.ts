import { type ComponentChild, render } from 'preact';
import 'preact/compat';

/**
 * Renders a component over the prerendered element that React Router's build made of it (decision 033):
 * Preact diffs against the element and its children and keeps them (no flash, focus and scroll stay), fixing
 * attributes such as generated ids. The element's siblings are left alone: Preact sees a root holding only it.
 */
export function mountOver(element: Element, vnode: ComponentChild) {
  const parent = element.parentNode as ParentNode & Node;
  const next = element.nextSibling;
  const root = {
    nodeType: 1,
    parentNode: parent,
    firstChild: element,
    childNodes: [element],
    insertBefore: (child: Node, ref: Node | null) => parent.insertBefore(child, ref ?? next),
    appendChild: (child: Node) => parent.insertBefore(child, next),
    removeChild: (child: Node) => parent.removeChild(child),
    contains: (child: Node) => element.contains(child),
  };
  render(vnode, root as unknown as Element);
}

/** A component that lives outside the page's flow (a modal dialog, the cookie banner): appended to <body>. */
export function mountInBody(vnode: ComponentChild): () => void {
  const host = document.createElement('div');
  document.body.appendChild(host);
  render(vnode, host);
  return () => {
    render(null, host);
    host.remove();
  };
}
