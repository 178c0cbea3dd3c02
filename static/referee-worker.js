// The referee on the phone: a Web Worker running the rules core, the same Python
// package the server runs, on Pyodide. It starts when a page sends it where the
// runtime and the rules bundle are ({start: {runtime, rules}}), and answers
// {ready: true} once the rules core is imported. Then it draws the meld checker's
// part of the page for an address the server could not answer
// ({draw: {query, language, root, game}}: {html, state}; game: what a game's page
// hands over, as JSON), or a new deal's form after a tap
// ({draw: {page: "deal", query, language, root, game}}: query, the form's fields),
// as the server draws them (referee/pages/checker/on_the_phone.py). Nothing of a rule is decided here. The runtime
// and the bundle are named by their version and content, so what the browser
// keeps of them is always right (referee/pages/checker/phone_referee.py).

const BUNDLE = "/bundle"; // where the rules bundle is unpacked, put first on sys.path

let started = null;

async function start(runtime, rules) {
  const { loadPyodide } = await import(runtime + "pyodide.mjs");
  const [pyodide, bundle] = await Promise.all([
    loadPyodide({ indexURL: runtime }),
    fetch(rules).then((response) => {
      if (!response.ok) throw new Error("the rules bundle answered " + response.status);
      return response.arrayBuffer();
    }),
  ]);
  pyodide.unpackArchive(bundle, "zip", { extractDir: BUNDLE });
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(BUNDLE)})`);
  pyodide.pyimport("referee.rules");
  self.pyodide = pyodide; // the running interpreter, for a look from the browser's tools
  return pyodide.pyimport("referee.pages.checker.on_the_phone").PhonePages;
}

const phones = new Map(); // one drawer of the pages for each server root a page names

async function draw({ page, query, language, root, game }) {
  const PhonePages = await started;
  if (!phones.has(root)) phones.set(root, PhonePages(root));
  const pages = phones.get(root);
  const drawn = page === "deal"
    ? pages.draw_deal(query, language, game)
    : pages.draw(...(game ? [query, language, game] : [query, language]));
  try {
    return drawn.toJs({ dict_converter: Object.fromEntries });
  } finally {
    drawn.destroy();
  }
}

self.addEventListener("message", async (event) => {
  const { id, start: where, draw: asked } = event.data;
  try {
    if (where) {
      started = started || start(where.runtime, where.rules);
      await started;
      self.postMessage({ id, ready: true });
    } else if (asked) {
      self.postMessage({ id, drawn: await draw(asked) });
    }
  } catch (error) {
    if (where) started = null; // a later page may try again
    self.postMessage({ id, error: String(error) });
  }
});
