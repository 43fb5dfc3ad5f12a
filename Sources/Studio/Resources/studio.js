// The Tollgate studio's page: the list of apps at `/`, and an app's editor, findings, previews,
// matrix, simulator, changes, publish and experiment results at `/apps/{app}`. It talks to the
// JSON API under /studio/api/ and needs no build step.

const API = "/studio/api";
const CODEMIRROR = "/studio/codemirror";

/// How long typing must pause before the page asks for findings: 300 ms.
const FINDINGS_DEBOUNCE_MS = 120;

// ---------------------------------------------------------------------------------------------
// Small helpers

/** Creates an element with attributes (`class`, `dataset`, `on…` handlers, others as attributes)
 *  and children (nodes or strings). */
function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") element.className = value;
    else if (name === "dataset") Object.assign(element.dataset, value);
    else if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else if (name in element && typeof value !== "string") element[name] = value;
    else element.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

/** A unique id for pairing labels with fields. */
let idCounter = 0;
function uid(prefix) {
  idCounter += 1;
  return `${prefix}-${idCounter}`;
}

/** A labelled field: the label, then the control, in a wrapper. */
function field(labelText, control, hint) {
  if (!control.id) control.id = uid("field");
  const parts = [h("label", { for: control.id }, labelText), control];
  if (hint) {
    const hintId = uid("hint");
    control.setAttribute("aria-describedby", hintId);
    parts.push(h("span", { class: "hint", id: hintId }, hint));
  }
  return h("div", { class: "field" }, parts);
}

function plural(count, one, many) {
  return `${count} ${count === 1 ? one : many}`;
}

function countsText(errors, warnings) {
  return `${plural(errors, "error", "errors")}, ${plural(warnings, "warning", "warnings")}`;
}

/** The error an API call failed with: its problem's detail or title, else the status. */
class ApiError extends Error {
  constructor(status, problem) {
    const text = (problem && (problem.detail || problem.title)) || `the studio answered ${status}`;
    super(text);
    this.status = status;
    this.problem = problem || {};
  }
}

/** Calls the studio's JSON API; answers the parsed JSON or throws an ApiError. */
async function api(method, path, body) {
  const options = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(API + path, options);
  } catch (error) {
    throw new ApiError(0, { detail: `the studio could not be reached (${error.message})` });
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { detail: text };
    }
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

function appPath(app) {
  return `/apps/${encodeURIComponent(app)}`;
}

/** Replaces the content of the main element. */
function showMain(...children) {
  const main = document.getElementById("main");
  main.replaceChildren(...children);
}

function errorMessage(text) {
  return h("p", { class: "message error", role: "alert" }, text);
}

// ---------------------------------------------------------------------------------------------
// CodeMirror 5, when the studio serves Debian's libjs-codemirror

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const script = h("script", { src });
    script.async = false;
    script.addEventListener("load", () => resolve());
    script.addEventListener("error", () => reject(new Error(`${src} did not load`)));
    document.head.append(script);
  });
}

/** Loads CodeMirror with its YAML mode and lint addon; answers CodeMirror, or null when the
 *  studio does not serve it (the page then edits in a text area). */
let codeMirrorLoading = null;
function loadCodeMirror() {
  if (!codeMirrorLoading) {
    codeMirrorLoading = (async () => {
      try {
        await loadScript(`${CODEMIRROR}/lib/codemirror.js`);
      } catch {
        return null;
      }
      if (!window.CodeMirror) return null;
      await Promise.allSettled([
        loadScript(`${CODEMIRROR}/mode/yaml/yaml.js`),
        loadScript(`${CODEMIRROR}/addon/lint/lint.js`),
      ]);
      return window.CodeMirror;
    })();
  }
  return codeMirrorLoading;
}

/** An editor over CodeMirror or a text area, with one interface for the page. */
class Editor {
  constructor(container, CodeMirror, label, onChange) {
    this.container = container;
    this.CodeMirror = CodeMirror;
    this.onChange = onChange;
    this.annotations = [];
    this.lineClasses = [];
    this.silent = false;
    if (CodeMirror) {
      // The lint addon defines `performLint`; without it the findings' lines are only tinted.
      this.hasLint = typeof CodeMirror.prototype.performLint === "function";
      this.cm = CodeMirror(container, {
        value: "",
        mode: CodeMirror.modes.yaml ? "yaml" : null,
        lineNumbers: true,
        indentUnit: 2,
        tabSize: 2,
        indentWithTabs: false,
        lineWrapping: false,
        extraKeys: {
          Tab: (cm) => cm.execCommand(cm.somethingSelected() ? "indentMore" : "insertSoftTab"),
          "Shift-Tab": (cm) => cm.execCommand("indentLess"),
          Esc: (cm) => cm.getInputField().blur(),
        },
        gutters: this.hasLint ? ["CodeMirror-linenumbers", "CodeMirror-lint-markers"] : ["CodeMirror-linenumbers"],
        lint: this.hasLint
          ? { getAnnotations: () => this.annotations, lintOnChange: false, highlightLines: true }
          : undefined,
        screenReaderLabel: label,
      });
      this.cm.getInputField().setAttribute("aria-label", label);
      this.cm.on("change", () => {
        if (!this.silent) this.onChange();
      });
    } else {
      this.textarea = h("textarea", {
        class: "plain-editor",
        spellcheck: "false",
        autocapitalize: "off",
        autocomplete: "off",
        wrap: "off",
        "aria-label": label,
      });
      this.textarea.addEventListener("input", () => this.onChange());
      container.append(this.textarea);
    }
  }

  get kind() {
    return this.cm ? "codemirror" : "textarea";
  }

  setLabel(label) {
    if (this.cm) this.cm.getInputField().setAttribute("aria-label", label);
    else this.textarea.setAttribute("aria-label", label);
  }

  get text() {
    return this.cm ? this.cm.getValue() : this.textarea.value;
  }

  /** Replaces the text without counting it as an edit. */
  setText(text) {
    this.silent = true;
    if (this.cm) {
      this.cm.setValue(text);
      this.cm.clearHistory();
    } else {
      this.textarea.value = text;
    }
    this.silent = false;
  }

  /** Moves the cursor to a 1-based line and column and shows it. */
  jumpTo(line, column) {
    const lineIndex = Math.max(0, line - 1);
    const ch = Math.max(0, (column || 1) - 1);
    if (this.cm) {
      this.cm.focus();
      this.cm.setCursor({ line: lineIndex, ch });
      this.cm.scrollIntoView({ line: lineIndex, ch }, 80);
      return;
    }
    const lines = this.textarea.value.split("\n");
    let offset = 0;
    for (let index = 0; index < Math.min(lineIndex, lines.length); index += 1) {
      offset += lines[index].length + 1;
    }
    const lineLength = lines[Math.min(lineIndex, lines.length - 1)]?.length ?? 0;
    offset += Math.min(ch, lineLength);
    this.textarea.focus();
    this.textarea.setSelectionRange(offset, offset);
    const lineHeight = parseFloat(getComputedStyle(this.textarea).lineHeight) || 20;
    this.textarea.scrollTop = Math.max(0, lineIndex * lineHeight - this.textarea.clientHeight / 3);
  }

  /** Marks the findings of the edited file at their lines. */
  mark(findings) {
    if (!this.cm) return;
    const Pos = this.CodeMirror.Pos;
    const lastLine = this.cm.lastLine();
    const clamp = (line) => Math.min(Math.max(0, line - 1), lastLine);
    const annotations = findings.map((finding) => {
      const fromLine = clamp(finding.line);
      const from = Pos(fromLine, Math.max(0, (finding.column || 1) - 1));
      let to = Pos(clamp(finding.end_line || finding.line), Math.max(0, (finding.end_column || finding.column || 1) - 1));
      if (to.line < from.line || (to.line === from.line && to.ch <= from.ch)) to = Pos(from.line, from.ch + 1);
      const severity = finding.severity === "error" ? "error" : "warning";
      const text = `${finding.message} [${finding.rule}]${finding.help ? `\n${finding.help}` : ""}`;
      return { from, to, severity, message: text };
    });
    if (this.hasLint) {
      this.annotations = annotations;
      this.cm.performLint();
      return;
    }
    for (const { line, cls } of this.lineClasses) this.cm.removeLineClass(line, "background", cls);
    this.lineClasses = annotations.map((annotation) => {
      const cls = `finding-line finding-line-${annotation.severity}`;
      const line = this.cm.addLineClass(annotation.from.line, "background", cls);
      return { line, cls };
    });
  }
}

// ---------------------------------------------------------------------------------------------
// `/`: the apps

async function showAppList() {
  document.title = "Apps — Tollgate studio";
  const list = h("ul", { class: "app-list", "data-testid": "app-list" });
  const status = h("p", { role: "status", class: "message" }, "Loading the apps…");
  showMain(h("h1", {}, "Apps"), status, list);
  let apps;
  try {
    apps = (await api("GET", "/apps")).apps;
  } catch (error) {
    status.replaceWith(errorMessage(`The apps could not be read: ${error.message}.`));
    return;
  }
  status.textContent = apps.length === 0 ? "This project has no apps (Policies/ is empty)." : "";
  if (apps.length > 0) status.remove();
  for (const app of apps) {
    const state = app.errors > 0 ? "has-errors" : app.warnings > 0 ? "has-warnings" : "clean";
    list.append(
      h("li", {},
        h("a", {
          href: appPath(app.app),
          class: `app-link ${state}`,
          "data-testid": `app-${app.app}`,
          dataset: { errors: String(app.errors), warnings: String(app.warnings) },
        },
          h("span", { class: "app-name" }, app.app),
          h("span", { class: "counts" },
            h("span", { class: `count errors${app.errors === 0 ? " zero" : ""}` }, plural(app.errors, "error", "errors")),
            h("span", { class: `count warnings${app.warnings === 0 ? " zero" : ""}` }, plural(app.warnings, "warning", "warnings"))),
          h("span", { class: "app-meta" },
            `${plural(app.paywalls?.length ?? 0, "paywall", "paywalls")} · ${(app.locales || []).join(", ")}`))));
  }
}

// ---------------------------------------------------------------------------------------------
// `/apps/{app}`: one app

const SECTIONS = [
  ["editor-section", "Editor"],
  ["previews-section", "Previews"],
  ["matrix-section", "Matrix"],
  ["simulator-section", "Simulator"],
  ["changes-section", "Changes"],
  ["results-section", "Results"],
];

/** The page of one app: its state and its sections. */
class AppPage {
  constructor(app) {
    this.app = app;
    this.buffers = new Map();
    this.file = null;
    this.findingsTimer = null;
    this.findingsSequence = 0;
    this.width = "narrow";
  }

  async show() {
    document.title = `${this.app} — Tollgate studio`;
    showMain(h("p", { role: "status", class: "message" }, `Loading ${this.app}…`));
    let apps;
    try {
      apps = (await api("GET", "/apps")).apps;
    } catch (error) {
      showMain(errorMessage(`The apps could not be read: ${error.message}.`), h("p", {}, h("a", { href: "/" }, "All apps")));
      return;
    }
    this.info = apps.find((app) => app.app === this.app);
    if (!this.info) {
      showMain(h("h1", {}, "No such app"),
        h("p", { role: "alert" }, `This project has no app named “${this.app}”.`),
        h("p", {}, h("a", { href: "/" }, "All apps")));
      return;
    }
    this.render();
    this.CodeMirror = await loadCodeMirror();
    this.editor = new Editor(this.editorHost, this.CodeMirror, "File", () => this.edited());
    this.editorHost.dataset.editorKind = this.editor.kind;
    const firstFile = this.info.files?.[0]?.file ?? "policy";
    await this.open(firstFile);
    if (this.editor.kind === "codemirror") this.editorHint.hidden = false;
    this.refreshPreviews();
    this.refreshMatrix();
    this.refreshChanges();
    if (this.experimentSelect?.value) this.refreshResults();
  }

  render() {
    const nav = document.getElementById("app-nav");
    nav.replaceChildren(h("ul", {}, SECTIONS.map(([id, title]) => h("li", {}, h("a", { href: `#${id}` }, title)))));
    nav.hidden = false;
    this.counts = h("span", { class: "counts", "aria-live": "polite" }, countsText(this.info.errors, this.info.warnings));
    showMain(
      h("div", { class: "app-header" },
        h("p", { class: "breadcrumb" }, h("a", { href: "/" }, "Apps"), " / "),
        h("h1", {}, this.app),
        this.counts),
      this.renderEditor(),
      this.renderPreviews(),
      this.renderMatrix(),
      this.renderSimulator(),
      this.renderChanges(),
      this.renderResults());
  }

  // --- editor and findings -------------------------------------------------------------------

  renderEditor() {
    this.fileSelect = h("select", { onchange: () => this.open(this.fileSelect.value) },
      (this.info.files || []).map((file) => h("option", { value: file.file }, `${file.file} — ${file.path}`)));
    this.saveButton = h("button", { type: "button", class: "primary", "data-testid": "save", onclick: () => this.save() }, "Save");
    this.saveStatus = h("div", { class: "save-status", "aria-live": "polite" });
    this.editorHost = h("div", { class: "editor", "data-testid": "editor" });
    this.editorHint = h("p", { class: "hint", hidden: true }, "In the editor, Tab indents; press Esc, then Tab, to move on.");
    this.findingsSummary = h("p", { class: "findings-summary", "aria-live": "polite" }, "No findings yet.");
    this.findingsList = h("ul", { class: "findings" });
    return h("section", { id: "editor-section", class: "panel", "aria-labelledby": "editor-heading" },
      h("h2", { id: "editor-heading" }, "Editor"),
      h("div", { class: "toolbar" },
        field("File", this.fileSelect),
        h("div", { class: "actions" }, this.saveButton, this.saveStatus)),
      this.editorHint,
      h("div", { class: "editor-layout" },
        this.editorHost,
        h("aside", { class: "findings-panel", "aria-labelledby": "findings-heading" },
          h("h3", { id: "findings-heading" }, "Findings"),
          this.findingsSummary,
          this.findingsList)));
  }

  fileInfo(file) {
    return (this.info.files || []).find((entry) => entry.file === file) || { file, path: file };
  }

  /** Shows a file in the editor, from its unsaved buffer when it has one, else from the disk. */
  async open(file, { reload = false } = {}) {
    if (this.file && this.buffers.has(this.file)) this.buffers.get(this.file).text = this.editor.text;
    let buffer = this.buffers.get(file);
    if (!buffer || reload) {
      try {
        const data = await api("GET", `/apps/${encodeURIComponent(this.app)}/files/${encodeURIComponent(file)}`);
        buffer = { text: data.text, savedText: data.text, etag: data.etag, path: data.path };
        this.buffers.set(file, buffer);
      } catch (error) {
        this.setSaveStatus(errorMessage(`${this.fileInfo(file).path} could not be read: ${error.message}.`));
        return;
      }
    }
    this.file = file;
    this.fileSelect.value = file;
    this.editor.setLabel(`Contents of ${buffer.path || this.fileInfo(file).path}`);
    this.editor.setText(buffer.text);
    this.setSaveStatus(this.dirty ? h("span", { class: "unsaved" }, "Unsaved changes") : null);
    this.requestFindings();
  }

  get buffer() {
    return this.buffers.get(this.file);
  }

  get dirty() {
    const buffer = this.buffer;
    return Boolean(buffer) && this.editor.text !== buffer.savedText;
  }

  setSaveStatus(content) {
    this.saveStatus.replaceChildren(...(content ? [content] : []));
  }

  edited() {
    if (!this.buffer) return;
    this.buffer.text = this.editor.text;
    if (!this.saveStatus.querySelector("[data-testid=conflict]")) {
      this.setSaveStatus(this.dirty ? h("span", { class: "unsaved" }, "Unsaved changes") : null);
    }
    // Ask for findings once typing has paused for FINDINGS_DEBOUNCE_MS (120 ms), so findings show within 150 ms
    // of the last keystroke; an answer overtaken by a later request is dropped.
    clearTimeout(this.findingsTimer);
    this.findingsTimer = setTimeout(() => this.requestFindings(), FINDINGS_DEBOUNCE_MS);
  }

  /** Asks for the app's findings with the editor's unsaved text in place of its file. */
  async requestFindings() {
    clearTimeout(this.findingsTimer);
    const sequence = ++this.findingsSequence;
    const file = this.file;
    const text = this.editor.text;
    let data;
    try {
      data = await api("POST", `/apps/${encodeURIComponent(this.app)}/findings`, { file, text });
    } catch (error) {
      if (sequence !== this.findingsSequence) return;
      this.findingsSummary.replaceChildren(errorMessage(`Findings could not be computed: ${error.message}.`));
      return;
    }
    if (sequence !== this.findingsSequence || file !== this.file || text !== this.editor.text) return;
    this.showFindings(data);
  }

  showFindings(data) {
    const findings = data.findings || [];
    const errors = data.errors ?? findings.filter((finding) => finding.severity === "error").length;
    const warnings = data.warnings ?? findings.filter((finding) => finding.severity === "warning").length;
    this.counts.textContent = countsText(errors, warnings);
    this.findingsSummary.textContent = findings.length === 0 ? "No findings: the app is valid." : countsText(errors, warnings);
    const ordered = [...findings].sort((a, b) => {
      const own = (finding) => (finding.file === this.file ? 0 : 1);
      return own(a) - own(b) || String(a.path).localeCompare(String(b.path)) || a.line - b.line || a.column - b.column;
    });
    this.findingsList.replaceChildren(...ordered.map((finding) => this.findingItem(finding)));
    this.editor.mark(findings.filter((finding) => finding.file === this.file));
  }

  findingItem(finding) {
    const here = finding.file === this.file;
    const where = `${here ? "" : `${finding.path}:`}${finding.line}:${finding.column}`;
    const button = h("button", {
      type: "button",
      class: "finding-jump",
      onclick: () => this.jump(finding),
      "aria-label": `${finding.severity} at ${finding.path} line ${finding.line}, column ${finding.column}: ${finding.message}`,
    },
      h("span", { class: "where" }, where),
      h("span", { class: `severity ${finding.severity}` }, finding.severity),
      h("span", { class: "finding-message" }, finding.message));
    return h("li", {
      class: `finding ${finding.severity}${here ? "" : " other-file"}`,
      "data-testid": "finding",
      dataset: { line: String(finding.line), column: String(finding.column), rule: finding.rule, file: finding.file },
    },
      button,
      h("span", { class: "rule" }, h("code", {}, finding.rule)),
      finding.help ? h("p", { class: "help" }, finding.help) : null);
  }

  async jump(finding) {
    if (finding.file !== this.file) await this.open(finding.file);
    this.editor.jumpTo(finding.line, finding.column);
  }

  /** Writes the edited file; on 409 says the file changed on disk and offers to reload it. */
  async save() {
    const buffer = this.buffer;
    if (!buffer) return;
    const file = this.file;
    const text = this.editor.text;
    this.saveButton.disabled = true;
    this.setSaveStatus(h("span", {}, "Saving…"));
    try {
      const data = await api("PUT", `/apps/${encodeURIComponent(this.app)}/files/${encodeURIComponent(file)}`, { text, etag: buffer.etag });
      buffer.etag = data.etag;
      buffer.savedText = text;
      const time = new Date().toLocaleTimeString();
      this.setSaveStatus(this.editor.text === text
        ? h("span", { class: "saved", "data-testid": "saved", role: "status" }, `Saved ${buffer.path} at ${time}`)
        : h("span", { class: "unsaved" }, "Unsaved changes"));
      this.refreshPreviews();
      this.refreshChanges();
      this.refreshMatrix();
      this.requestFindings();
    } catch (error) {
      if (error.status === 409) {
        const reload = h("button", { type: "button", onclick: () => this.reload() }, "Reload");
        this.setSaveStatus(h("div", { class: "message conflict", "data-testid": "conflict", role: "alert" },
          h("p", {}, `${buffer.path} changed on disk since you opened it; nothing was saved. Reload it to see the file as it is now (your edits here are lost).`),
          reload));
        reload.focus();
      } else {
        this.setSaveStatus(errorMessage(`Not saved: ${error.message}.`));
      }
    } finally {
      this.saveButton.disabled = false;
    }
  }

  async reload() {
    await this.open(this.file, { reload: true });
    this.editor.cm ? this.editor.cm.focus() : this.editor.textarea.focus();
  }

  // --- previews ------------------------------------------------------------------------------

  renderPreviews() {
    const storefronts = this.info.storefronts || [];
    this.storefrontSelect = h("select", { onchange: () => this.refreshPreviews() },
      storefronts.length === 0
        ? h("option", { value: "" }, "Reference prices (no price sheets)")
        : storefronts.map((storefront) => h("option", { value: storefront }, storefront)));
    if (storefronts.length === 0) this.storefrontSelect.disabled = true;
    const widthName = uid("width");
    const widthOption = (value, text) => {
      const input = h("input", { type: "radio", name: widthName, value, checked: value === this.width });
      input.addEventListener("change", () => {
        this.width = value;
        this.previewGrid.dataset.width = value;
      });
      return h("label", { class: "radio" }, input, text);
    };
    this.previewStatus = h("p", { class: "message", "aria-live": "polite" });
    this.previewGrid = h("div", { class: "preview-grid", dataset: { width: this.width } });
    return h("section", { id: "previews-section", class: "panel", "aria-labelledby": "previews-heading" },
      h("h2", { id: "previews-heading" }, "Previews"),
      h("div", { class: "toolbar" },
        field("Storefront", this.storefrontSelect),
        h("fieldset", { class: "segmented" }, h("legend", {}, "Frame width"),
          widthOption("narrow", "Narrow (390 px)"), widthOption("wide", "Wide"))),
      this.previewStatus,
      this.previewGrid);
  }

  async refreshPreviews() {
    const storefront = this.storefrontSelect.value;
    const query = storefront ? `?storefront=${encodeURIComponent(storefront)}` : "";
    this.previewStatus.textContent = "Rendering the previews…";
    let data;
    try {
      data = await api("GET", `/apps/${encodeURIComponent(this.app)}/previews${query}`);
    } catch (error) {
      this.previewStatus.replaceChildren(errorMessage(`The previews could not be rendered: ${error.message}.`));
      return;
    }
    if (storefront !== this.storefrontSelect.value) return;
    const where = data.storefront ? `${data.storefront}'s prices` : "the policy's reference prices";
    this.previewStatus.textContent = `${plural(data.previews.length, "preview", "previews")} with ${where}${data.currency ? ` (${data.currency})` : ""}.`;
    this.previewGrid.replaceChildren(...data.previews.map((preview) => {
      const caption = h("figcaption", {}, h("span", { class: "preview-paywall" }, preview.paywall), " · ",
        h("span", { class: "preview-locale" }, preview.locale));
      const body = preview.error !== undefined && preview.html === undefined
        ? h("p", { class: "message error" }, `Cannot render: ${preview.error}`)
        : h("iframe", {
          title: `Paywall ${preview.paywall} in ${preview.locale}`,
          // Scripts never run in a preview; the same origin keeps the frames in the page's process.
          sandbox: "allow-same-origin",
          srcdoc: preview.html,
        });
      return h("figure", {
        class: "preview",
        "data-testid": `preview-${preview.paywall}-${preview.locale}`,
        dir: preview.direction === "rtl" ? "rtl" : "ltr",
        lang: preview.locale,
      }, caption, body);
    }));
  }

  // --- matrix --------------------------------------------------------------------------------

  renderMatrix() {
    this.matrix = h("div", { class: "matrix", "data-testid": "matrix" }, "Loading the matrix…");
    return h("section", { id: "matrix-section", class: "panel", "aria-labelledby": "matrix-heading" },
      h("h2", { id: "matrix-heading" }, "Feature × tier matrix"),
      h("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-labelledby": "matrix-heading" }, this.matrix));
  }

  async refreshMatrix() {
    try {
      const data = await api("GET", `/apps/${encodeURIComponent(this.app)}/matrix`);
      this.matrix.innerHTML = data.html;
    } catch (error) {
      this.matrix.replaceChildren(errorMessage(`The matrix could not be built: ${error.message}.`));
    }
  }

  // --- simulator -----------------------------------------------------------------------------

  renderSimulator() {
    const input = (name, attributes = {}) => h("input", { name, type: "text", autocomplete: "off", spellcheck: "false", ...attributes });
    const storefronts = uid("storefronts");
    const locales = uid("locales");
    const platforms = uid("platforms");
    this.placementSelect = h("select", { name: "placement", required: true },
      (this.info.placements || []).map((placement) => h("option", { value: placement }, placement)));
    this.attributesField = h("textarea", { name: "attributes", rows: "4", spellcheck: "false", placeholder: '{"sessions": 3}' });
    this.decision = h("div", { class: "decision-host", "aria-live": "polite" });
    const form = h("form", { class: "simulate", "data-testid": "simulate", novalidate: true },
      field("Placement", this.placementSelect),
      h("div", { class: "fields" },
        field("user_id", input("user_id", { placeholder: "u-123" })),
        field("storefront", input("storefront", { list: storefronts, placeholder: "JPN" })),
        field("locale", input("locale", { list: locales, placeholder: "ja-JP" })),
        field("platform", input("platform", { list: platforms, placeholder: "ios" })),
        field("app_version", input("app_version", { placeholder: "2.4.1" })),
        field("install_date", input("install_date", { placeholder: "2026-11-25T08:00:00Z" }), "ISO 8601 date-time"),
        field("products", input("products", { placeholder: "com.example.app.premium.yearly" }), "comma-separated product ids held (active)")),
      field("attributes", this.attributesField, "a JSON object"),
      h("datalist", { id: storefronts }, (this.info.storefronts || []).map((value) => h("option", { value }))),
      h("datalist", { id: locales }, (this.info.locales || []).map((value) => h("option", { value }))),
      h("datalist", { id: platforms }, ["ios", "ipados", "macos", "tvos", "watchos", "visionos", "android"].map((value) => h("option", { value }))),
      h("div", { class: "actions" }, h("button", { type: "submit", class: "primary" }, "Resolve")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.simulate(form);
    });
    return h("section", { id: "simulator-section", class: "panel", "aria-labelledby": "simulator-heading" },
      h("h2", { id: "simulator-heading" }, "Placement simulator"),
      (this.info.placements || []).length === 0 ? h("p", { class: "message" }, "This app has no placements.") : null,
      form,
      this.decision);
  }

  async simulate(form) {
    const values = Object.fromEntries(new FormData(form).entries());
    const context = {};
    for (const name of ["user_id", "storefront", "locale", "platform", "app_version", "install_date"]) {
      const value = String(values[name] ?? "").trim();
      if (value) context[name] = value;
    }
    const products = String(values.products ?? "").split(",").map((id) => id.trim()).filter(Boolean);
    if (products.length > 0) context.entitlements = products.map((product) => ({ product, state: "active" }));
    const attributesText = String(values.attributes ?? "").trim();
    this.attributesField.removeAttribute("aria-invalid");
    if (attributesText) {
      let attributes;
      try {
        attributes = JSON.parse(attributesText);
      } catch (error) {
        attributes = error;
      }
      if (attributes instanceof Error || attributes === null || typeof attributes !== "object" || Array.isArray(attributes)) {
        this.attributesField.setAttribute("aria-invalid", "true");
        this.decision.replaceChildren(errorMessage(`attributes must be a JSON object${attributes instanceof Error ? ` (${attributes.message})` : ""}.`));
        this.attributesField.focus();
        return;
      }
      context.attributes = attributes;
    }
    this.decision.replaceChildren(h("p", { class: "message" }, "Resolving…"));
    try {
      const decision = await api("POST", `/apps/${encodeURIComponent(this.app)}/resolve`, { placement: values.placement, context });
      const outcome = decision.show
        ? `Shows paywall ${decision.paywall}`
        : "Shows nothing";
      this.decision.replaceChildren(h("div", { class: "decision", "data-testid": "decision" },
        h("h3", {}, "Decision"),
        h("p", { class: "outcome" }, `${outcome} — ${decision.reason}`,
          decision.audience ? `, audience ${decision.audience}` : "",
          decision.experiment ? `, experiment ${decision.experiment} variant ${decision.variant}${decision.bucket !== null && decision.bucket !== undefined ? ` (bucket ${decision.bucket})` : ""}` : ""),
        h("h4", {}, "Trace"),
        h("ol", { class: "trace" }, (decision.trace || []).map((line) => h("li", {}, line))),
        h("h4", {}, "JSON"),
        h("pre", { class: "json" }, JSON.stringify(decision, null, 2))));
    } catch (error) {
      this.decision.replaceChildren(errorMessage(`No decision: ${error.message}.`));
    }
  }

  // --- changes and publish -------------------------------------------------------------------

  renderChanges() {
    this.changesSummary = h("p", { class: "message" }, "Loading the changes…");
    this.changesText = h("pre", { class: "diff" });
    this.messageField = h("textarea", { name: "message", rows: "2", required: true });
    this.authorField = h("input", { name: "author", type: "text", autocomplete: "name", required: true });
    this.publishButton = h("button", { type: "submit", class: "primary" }, "Publish");
    this.publishResult = h("div", { class: "publish-result", "aria-live": "polite" });
    const form = h("form", { class: "publish", "data-testid": "publish", novalidate: true },
      h("h3", {}, "Publish"),
      field("Message", this.messageField),
      field("Author", this.authorField),
      h("div", { class: "actions" }, this.publishButton),
      this.publishResult);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.publish();
    });
    return h("section", { id: "changes-section", class: "panel", "aria-labelledby": "changes-heading" },
      h("h2", { id: "changes-heading" }, "Changes"),
      h("div", { class: "changes", "data-testid": "changes" }, this.changesSummary,
        h("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-label": "The semantic diff" }, this.changesText)),
      form);
  }

  async refreshChanges() {
    try {
      const data = await api("GET", `/apps/${encodeURIComponent(this.app)}/changes`);
      const store = data.store ? ` in ${data.store}` : "";
      this.changesSummary.textContent = data.version === null || data.version === undefined
        ? `Nothing is published on ${data.channel}${store} yet: everything is new.`
        : `${data.changed ? "The saved files differ from" : "No changes from"} version ${data.version} on ${data.channel}${store}.`;
      this.changesText.textContent = data.text || "";
      this.changesText.hidden = !data.text;
    } catch (error) {
      this.changesSummary.replaceChildren(errorMessage(`The changes could not be computed: ${error.message}.`));
      this.changesText.textContent = "";
    }
  }

  async publish() {
    const message = this.messageField.value.trim();
    const author = this.authorField.value.trim();
    for (const [control, value] of [[this.messageField, message], [this.authorField, author]]) {
      control.toggleAttribute("aria-invalid", !value);
    }
    if (!message || !author) {
      this.publishResult.replaceChildren(errorMessage("A publish needs a message and an author."));
      (message ? this.authorField : this.messageField).focus();
      return;
    }
    this.publishButton.disabled = true;
    this.publishResult.replaceChildren(h("p", { class: "message" }, "Publishing…"));
    try {
      const data = await api("POST", `/apps/${encodeURIComponent(this.app)}/publish`, { message, author });
      this.publishResult.replaceChildren(h("p", { class: "message success", role: "status" },
        `Published version ${data.version} to ${data.channel}${data.hash ? ` (${data.hash})` : ""}.`));
      this.messageField.value = "";
      this.refreshChanges();
    } catch (error) {
      const refusal = error.status === 422 ? "Refused: the app has errors. " : "Not published: ";
      this.publishResult.replaceChildren(errorMessage(`${refusal}${error.message}`));
    } finally {
      this.publishButton.disabled = false;
    }
  }

  // --- experiment results --------------------------------------------------------------------

  renderResults() {
    const experiments = this.info.experiments || [];
    this.experimentSelect = h("select", { name: "experiment" }, experiments.map((experiment) => h("option", { value: experiment }, experiment)));
    this.windowField = h("input", { name: "window", type: "text", value: "P14D", autocomplete: "off", spellcheck: "false" });
    this.resultsOutput = h("div", { class: "results-output", "aria-live": "polite" });
    const form = h("form", { class: "results-form", novalidate: true },
      field("Experiment", this.experimentSelect),
      field("Window", this.windowField, "ISO 8601 duration, such as P14D or PT72H"),
      h("div", { class: "actions" }, h("button", { type: "submit", class: "primary" }, "Show results")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.refreshResults();
    });
    const content = experiments.length === 0 ? [h("p", { class: "message" }, "This app has no experiments.")] : [form, this.resultsOutput];
    return h("section", { id: "results-section", class: "panel", "aria-labelledby": "results-heading" },
      h("h2", { id: "results-heading" }, "Experiment results"),
      h("div", { class: "results", "data-testid": "results" }, content));
  }

  async refreshResults() {
    const experiment = this.experimentSelect.value;
    const window = this.windowField.value.trim() || "P14D";
    if (!experiment) return;
    const base = `/apps/${encodeURIComponent(this.app)}/experiments/${encodeURIComponent(experiment)}/results`;
    const query = `?window=${encodeURIComponent(window)}`;
    this.resultsOutput.replaceChildren(h("p", { class: "message" }, "Reading the results…"));
    let data;
    try {
      data = await api("GET", base + query);
    } catch (error) {
      this.resultsOutput.replaceChildren(errorMessage(`No results: ${error.message}.`));
      return;
    }
    this.resultsOutput.replaceChildren(
      resultsSummary(data),
      h("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-label": "Results by variant" }, resultsTable(data)),
      h("iframe", { class: "report", title: `Report of ${experiment}`, src: `${API}${base}.html${query}` }));
  }
}

const METRICS = [
  ["conversion", "Conversion"],
  ["paid_conversion", "Paid conversion"],
  ["trial_start", "Trial start"],
  ["revenue", "Revenue"],
];

function percent(value, digits = 2) {
  return value === null || value === undefined ? "—" : `${(value * 100).toFixed(digits)}%`;
}

function signedPercent(value) {
  if (value === null || value === undefined) return "—";
  return `${value > 0 ? "+" : ""}${(value * 100).toFixed(1)}%`;
}

function resultsSummary(data) {
  const notes = [
    `${data.status ?? ""} · ${data.from ?? "?"} to ${data.to ?? "?"} · window ${data.window} · ${data.currency}${data.sequential ? " · sequential" : ""}`,
  ];
  if (data.multiple_exposures) notes.push(`${plural(data.multiple_exposures, "user", "users")} seen in more than one variant, left out`);
  if (data.left_out_purchases) notes.push(`${plural(data.left_out_purchases, "purchase", "purchases")} left out of revenue`);
  const srm = data.srm && data.srm.warning
    ? h("p", { class: "message error", role: "alert" }, `Sample ratio mismatch (p = ${data.srm.p_value}): the split differs from the weights; do not read the uplift.`)
    : null;
  return h("div", { class: "results-summary" }, notes.map((note) => h("p", {}, note)), srm);
}

function resultsTable(data) {
  const header = h("tr", {}, h("th", { scope: "col" }, "Variant"), h("th", { scope: "col" }, "Weight"), h("th", { scope: "col" }, "Users"),
    METRICS.map(([, title]) => h("th", { scope: "col" }, title)));
  const rows = (data.variants || []).map((variant) => h("tr", {},
    h("th", { scope: "row" }, variant.variant),
    h("td", {}, String(variant.weight)),
    h("td", {}, String(variant.users)),
    METRICS.map(([key]) => {
      const metric = variant.metrics?.[key];
      if (!metric) return h("td", {}, "—");
      const isRevenue = key === "revenue";
      const mean = isRevenue
        ? `${metric.mean === null ? "—" : Number(metric.mean).toFixed(2)} ${data.currency} per user (${metric.sum === null ? "—" : Number(metric.sum).toFixed(2)})`
        : `${percent(metric.mean)} (${metric.sum ?? "—"})`;
      const lines = [h("span", { class: "mean" }, mean)];
      if (metric.uplift) {
        const ci = metric.uplift.ci ? ` [${signedPercent(metric.uplift.ci[0])}, ${signedPercent(metric.uplift.ci[1])}]` : "";
        lines.push(h("span", { class: "uplift" }, `uplift ${signedPercent(metric.uplift.relative)}${ci}`));
      }
      if (metric.chance_to_win !== null && metric.chance_to_win !== undefined) {
        lines.push(h("span", { class: "ctw" }, `chance to win ${percent(metric.chance_to_win, 1)}`));
      }
      return h("td", {}, lines);
    })));
  return h("table", { class: "results-table" },
    h("caption", {}, `${data.experiment}: by variant`),
    h("thead", {}, header),
    h("tbody", {}, rows));
}

// ---------------------------------------------------------------------------------------------
// Routing

function start() {
  const path = location.pathname;
  const match = path.match(/^\/apps\/([^/]+)\/?$/);
  if (match) {
    let app;
    try {
      app = decodeURIComponent(match[1]);
    } catch {
      app = match[1];
    }
    new AppPage(app).show();
  } else {
    showAppList();
  }
}

start();
