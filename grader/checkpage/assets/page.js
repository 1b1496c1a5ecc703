// kpuzzle browser checker page. The checker is Go compiled to WebAssembly
// (grader/webcheck); this script only moves strings between the page and
// it, in a Web Worker, and shows what comes back. It decides no rule.
(function () {
  "use strict";

  var byId = function (id) { return document.getElementById(id); };
  var config = JSON.parse(byId("checker-config").textContent);
  var budget = config.budget_seconds || 30;
  var form = byId("form");
  var puzzleEl = byId("puzzle");
  var answerEl = byId("answer");
  var goalEl = byId("goal");
  var setSelect = byId("set-select");
  var checkBtn = byId("check");
  var verdictEl = byId("verdict");
  var wordEl = byId("verdict-word");
  var summaryEl = byId("summary");
  var headingEl = byId("heading");
  var detailsEl = byId("details");
  var provingEl = byId("proving");
  var provingText = byId("proving-text");
  var provingBar = byId("proving-bar");
  var cancelBtn = byId("cancel");
  var shareRow = byId("share-row");
  var shareLink = byId("share");
  var replaySection = byId("replay-section");
  var replayFrame = byId("replay");

  // The worker runs Go's wasm_exec.js and the glue below; it receives the
  // compiled module from this page.
  var workerGlue = [
    "self.onmessage = function (e) {",
    "  var m = e.data;",
    "  if (m.type === 'init') {",
    "    var go = new Go();",
    "    WebAssembly.instantiate(m.module, go.importObject).then(function (inst) {",
    "      go.run(inst);",
    "      self.postMessage({ type: 'ready', error: self.kpuzzleConfigure(m.config) });",
    "    }, function (err) { self.postMessage({ type: 'ready', error: String(err) }); });",
    "  } else if (m.type === 'check') {",
    "    self.kpuzzleCheck(m.request, function (r) { self.postMessage({ type: 'result', id: m.id, response: r }); });",
    "  } else if (m.type === 'fragment') {",
    "    self.postMessage({ type: 'fragment', id: m.id, response: self.kpuzzleFragment(m.hash) });",
    "  }",
    "};"
  ].join("\n");
  var workerURL = null; // made once wasm_exec.js is decoded

  var module = null;
  var worker = null;
  var ready = null; // a promise of the current worker being configured
  var nextId = 1;
  var pending = {};
  var run = 0; // the current check; older answers are dropped
  var timers = [];
  var proving = false; // a search is running in the worker

  function setState(state, verdict, tone, word, summary) {
    verdictEl.setAttribute("data-state", state);
    verdictEl.setAttribute("data-verdict", verdict);
    verdictEl.className = "verdict tone-" + (tone || "neutral");
    wordEl.textContent = word;
    summaryEl.textContent = summary;
  }

  // decodeText reads the bytes of a <script> element that holds them
  // seven bits a character (grader/checkpage/text.go): a character below
  // 128 is seven bits; one above stands for a character the page cannot
  // hold (NUL, CR, <), and for the seven bits after it unless it is the
  // last.
  function decodeText(id) {
    var text = byId(id).textContent;
    var forbidden = [0, 13, 60];
    var out = new Uint8Array(text.length * 2);
    var n = 0;
    var acc = 0;
    var bits = 0;
    for (var k = 0; k < text.length; k++) {
      var c = text.charCodeAt(k);
      var next = -1;
      if (c >= 128) {
        var v = c - 128;
        if ((v & 512) === 0) { next = v & 127; }
        c = forbidden[(v >> 7) & 3];
      }
      for (;;) {
        acc = (acc << 7) | c;
        bits += 7;
        if (bits >= 8) {
          bits -= 8;
          out[n++] = acc >> bits;
          acc &= (1 << bits) - 1;
        }
        if (next < 0) { break; }
        c = next;
        next = -1;
      }
    }
    return out.subarray(0, n);
  }

  // gunzip is the response of gzipped bytes decompressed, as it comes.
  function gunzip(bytes, type) {
    return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")), { headers: { "Content-Type": type } });
  }

  // decodeModule compiles the checker's module while it is decompressed
  // and makes the worker's script (Go's wasm_exec.js, gzipped in the
  // page too, and the glue).
  function decodeModule() {
    var exec = gunzip(decodeText("wasm-exec"), "text/javascript").arrayBuffer().then(function (buf) {
      workerURL = URL.createObjectURL(new Blob([buf, "\n", workerGlue], { type: "text/javascript" }));
    });
    var module = gunzip(decodeText("wasm-gz"), "application/wasm");
    var compiled = WebAssembly.compileStreaming ? WebAssembly.compileStreaming(module) :
      module.arrayBuffer().then(function (buf) { return WebAssembly.compile(buf); });
    return Promise.all([compiled, exec]).then(function (r) { return r[0]; });
  }

  function startWorker() {
    if (worker) { worker.terminate(); }
    Object.keys(pending).forEach(function (id) { pending[id].reject(new Error("stopped")); });
    pending = {};
    worker = new Worker(workerURL);
    ready = new Promise(function (resolve, reject) {
      worker.onmessage = function (e) {
        var m = e.data;
        if (m.type === "ready") {
          if (m.error) { reject(new Error(m.error)); } else { resolve(); }
          return;
        }
        var p = pending[m.id];
        if (p) { delete pending[m.id]; p.resolve(m.response); }
      };
      worker.onerror = function (e) { reject(new Error(e.message || "the checker failed")); };
    });
    worker.postMessage({ type: "init", module: module, config: config });
    return ready;
  }

  function ask(msg) {
    return ready.then(function () {
      return new Promise(function (resolve, reject) {
        msg.id = nextId++;
        pending[msg.id] = { resolve: resolve, reject: reject };
        worker.postMessage(msg);
      });
    });
  }

  function options() {
    var moves = form.querySelector("input[name=moves]:checked");
    return { moves: moves ? moves.value : "", goal: goalEl ? goalEl.value : "" };
  }

  function clearTimers() {
    timers.forEach(clearInterval);
    timers = [];
  }

  function show(resp, state) {
    if (resp.error) {
      setState("error", "", "bad", "cannot check", resp.error);
      headingEl.textContent = "";
      detailsEl.hidden = true;
      shareRow.hidden = true;
      replaySection.hidden = true;
      return;
    }
    setState(state, state === "done" ? resp.verdict : "", resp.tone, resp.verdict, resp.summary);
    headingEl.textContent = (resp.set_puzzle ? resp.set_puzzle + ": " : "") + resp.heading;
    detailsEl.textContent = (resp.details || []).join("\n");
    detailsEl.hidden = !resp.details || resp.details.length === 0;
    shareRow.hidden = !resp.fragment;
    if (resp.fragment) {
      shareLink.href = "#" + resp.fragment;
      if (location.hash !== "#" + resp.fragment) {
        try { history.replaceState(null, "", "#" + resp.fragment); } catch (e) { /* the address bar keeps the old link */ }
      }
    }
    // The replay is drawn after the verdict is shown: its page takes a
    // moment to lay out.
    replaySection.hidden = false;
    setTimeout(function () { replayFrame.srcdoc = resp.replay; }, 0);
  }

  // fitReplay makes the frame as tall as the replay page.
  replayFrame.addEventListener("load", function () {
    try {
      var doc = replayFrame.contentDocument;
      if (doc && doc.documentElement) {
        replayFrame.style.height = (doc.documentElement.scrollHeight + 4) + "px";
      }
    } catch (e) { /* keep the default height */ }
  });

  function check() {
    var my = ++run;
    clearTimers();
    provingEl.hidden = true;
    if (proving) {
      // The worker is busy with a search that no longer matters.
      proving = false;
      startWorker();
    }
    var req = { puzzle: puzzleEl.value, answer: answerEl.value, moves: options().moves, goal: options().goal };
    setState("checking", "", "neutral", "checking", "Checking…");
    req.stage = "quick";
    return ask({ type: "check", request: req }).then(function (resp) {
      if (my !== run) { return; }
      if (!resp.proving) { show(resp, "done"); return; }
      show(resp, "proving");
      return prove(my, req);
    }, function (err) {
      if (my === run && err.message !== "stopped") { setState("error", "", "bad", "error", err.message); }
    });
  }

  // prove runs the search stage within the budget; Cancel or the end of
  // the budget stops the worker, and the checker says why optimality is
  // not verified.
  function prove(my, req) {
    proving = true;
    provingEl.hidden = false;
    var started = Date.now();
    provingBar.value = 0;
    provingText.textContent = "Proving the optimal length (up to " + budget + " s)…";
    var stop = function (cancelled) {
      if (my !== run) { return; }
      run++;
      proving = false;
      var mine = run;
      clearTimers();
      provingEl.hidden = true;
      startWorker();
      var stopped = Object.assign({}, req, { stage: "stopped", cancelled: cancelled });
      ask({ type: "check", request: stopped }).then(function (resp) {
        if (mine === run) { show(resp, "done"); }
      });
    };
    cancelBtn.onclick = function () { stop(true); };
    timers.push(setInterval(function () {
      var s = (Date.now() - started) / 1000;
      provingBar.value = Math.min(s, budget);
      if (s >= budget) { stop(false); }
    }, 250));
    req = Object.assign({}, req, { stage: "prove" });
    return ask({ type: "check", request: req }).then(function (resp) {
      if (my !== run) { return; }
      proving = false;
      clearTimers();
      provingEl.hidden = true;
      show(resp, "done");
    }, function () { /* stopped */ });
  }

  function fromFragment() {
    var hash = location.hash;
    if (!hash || hash === "#") { return Promise.resolve(); }
    return ask({ type: "fragment", hash: hash }).then(function (r) {
      if (r.error) {
        setState("error", "", "bad", "bad link", r.error);
        return;
      }
      var q = r.request;
      if (!q.puzzle && !q.answer) { return; }
      puzzleEl.value = q.puzzle;
      answerEl.value = q.answer;
      if (q.moves) {
        var radio = form.querySelector("input[name=moves][value=" + q.moves + "]");
        if (radio) { radio.checked = true; }
      }
      if (q.goal && goalEl) { goalEl.value = q.goal; }
      return check();
    });
  }

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    check();
  });
  window.addEventListener("hashchange", function () {
    if (!shareLink.href || location.href !== shareLink.href) { fromFragment(); }
  });

  if (setSelect) {
    var set = config.set || [];
    setSelect.addEventListener("change", function () {
      var p = set[Number(setSelect.value)];
      if (p && setSelect.value !== "") { puzzleEl.value = p.text; }
    });
  }

  // Files: drop on a box, or open with the file inputs.
  function readInto(file, el) {
    if (!file) { return; }
    file.text().then(function (t) { el.value = t; el.focus(); });
  }
  Array.prototype.forEach.call(document.querySelectorAll(".drop"), function (box) {
    var el = byId(box.getAttribute("data-target"));
    box.addEventListener("dragover", function (e) { e.preventDefault(); box.classList.add("dragging"); });
    box.addEventListener("dragleave", function () { box.classList.remove("dragging"); });
    box.addEventListener("drop", function (e) {
      e.preventDefault();
      box.classList.remove("dragging");
      if (e.dataTransfer.files.length > 0) { readInto(e.dataTransfer.files[0], el); }
      else { el.value = e.dataTransfer.getData("text/plain"); }
    });
  });
  byId("puzzle-file").addEventListener("change", function (e) { readInto(e.target.files[0], puzzleEl); });
  byId("answer-file").addEventListener("change", function (e) { readInto(e.target.files[0], answerEl); });

  decodeModule().then(function (m) {
    module = m;
    return startWorker();
  }).then(function () {
    checkBtn.disabled = false;
    setState("ready", "", "neutral", "ready", "Paste a puzzle and an answer, then press Check.");
    return fromFragment();
  }).catch(function (err) {
    setState("error", "", "bad", "cannot start", "The checker could not start in this browser: " + err.message);
  });
})();
