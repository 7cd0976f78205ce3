// Tiny DOM helpers: elements from tag + props + children. Text only, never HTML.

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (key === "testid") node.dataset.testid = value;
    else if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key in node) node[key] = value;
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export const hex = (value, digits) => value.toString(16).toUpperCase().padStart(digits, "0");

/** An address as the page writes it: "$0400". */
export const addr4 = (n) => `$${hex(n >>> 0, 4)}`;
