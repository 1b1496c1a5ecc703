// kpuzzle replay page: draws and animates the boards that Go computed.
// The data (see pageData in grader/replay/write.go) holds the blank's cell
// after every legal move (of the first "moves" only when a long answer
// was cut; "total" is then the answer's length) and a whole board every
// keyEvery moves; this script never decides legality or the meaning of a
// move.
(function () {
  "use strict";

  var byId = function (id) { return document.getElementById(id); };
  var data = JSON.parse(byId("replay-data").textContent);
  var cols = data.cols;
  var blanks = data.blanks;
  var played = blanks.length - 1; // legal moves the page plays
  var illegal = data.illegal || null;
  var offPath = data.offPath || null;
  var last = played + (illegal ? 1 : 0); // positions 0..last
  var shown = data.moves.length; // moves the page holds
  var total = data.total || shown; // moves in the answer
  var words = { U: "UP", D: "DOWN", L: "LEFT", R: "RIGHT" };
  var goalCell = [];
  data.goal.forEach(function (t, i) { goalCell[t] = i; });

  var boardEl = byId("board");
  var cells = Array.prototype.slice.call(boardEl.children);
  var slider = byId("slider");
  var sliderValue = byId("slider-value");
  var statusEl = byId("status");
  var positionEl = byId("position");
  var marker = byId("illegal-marker");
  var offMarker = byId("offpath-marker");
  var offText = byId("offpath-text");
  var playBtn = byId("play");
  var playLabel = byId("play-label");
  var speedEl = byId("speed");
  var list = byId("moves");
  var windowNote = byId("moves-window");
  var startStatus = statusEl.textContent;
  var reduceMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  var pos = 0;
  var timer = null;

  // The board after k legal moves, kept incrementally: stepping one move
  // either way swaps two cells; a far jump starts from a keyframe.
  var state = data.keyframes[0].slice();
  var statePos = 0;
  function boardAfter(k) {
    if (k < statePos && statePos - k <= data.keyEvery) {
      while (statePos > k) {
        state[blanks[statePos]] = state[blanks[statePos - 1]];
        state[blanks[statePos - 1]] = 0;
        statePos--;
      }
      return state;
    }
    if (k > statePos + data.keyEvery || k < statePos) {
      var j = Math.floor(k / data.keyEvery);
      state = data.keyframes[j].slice();
      statePos = j * data.keyEvery;
    }
    while (statePos < k) {
      state[blanks[statePos]] = state[blanks[statePos + 1]];
      state[blanks[statePos + 1]] = 0;
      statePos++;
    }
    return state;
  }

  function lineOf(i) { return data.lines ? data.lines[i] : i + 1; }
  function token(i) { return words[data.moves.charAt(i)]; }

  // direction names the way from cell a to the neighbouring cell b.
  function direction(a, b) {
    if (b === a - cols) { return "up"; }
    if (b === a + cols) { return "down"; }
    return b === a - 1 ? "left" : "right";
  }

  function homeCount(b) {
    var n = 0;
    for (var i = 0; i < b.length; i++) {
      if (b[i] !== 0 && goalCell[b[i]] === i) { n++; }
    }
    return n;
  }

  function boardWords(b) {
    var rows = [];
    for (var r = 0; r * cols < b.length; r++) {
      var row = b.slice(r * cols, (r + 1) * cols).map(function (t) { return t === 0 ? "blank" : String(t); });
      rows.push("row " + (r + 1) + ": " + row.join(" "));
    }
    return "Board, " + rows.join("; ") + ".";
  }

  function caption(k) {
    if (k === 0) { return "Start"; }
    if (illegal && k === last) { return "Illegal move " + (illegal.index + 1) + " of " + total; }
    return "After move " + k + " of " + total;
  }

  function describe(k, b) {
    if (k === 0) { return startStatus + (offPath && offPath.index === 0 ? " " + offPath.status : ""); }
    if (illegal && k === last) {
      return "Move " + (illegal.index + 1) + " of " + total + " (line " + illegal.line + "): " + illegal.token +
        " is illegal: " + illegal.reason + ". The replay stops here.";
    }
    var i = k - 1;
    var tile = b[blanks[k - 1]];
    var text = "Move " + k + " of " + total + " (line " + lineOf(i) + "): " + token(i) +
      ", tile " + tile + " slides " + direction(blanks[k], blanks[k - 1]) + ".";
    if (offPath && k === offPath.index) {
      text += " " + offPath.status;
    }
    if (k === played && !illegal) {
      if (data.total) {
        text += " The page ends here: the answer's other " + (total - shown) + " moves were cut (see the verdict and the last board).";
      } else {
        text += data.solved ? " The goal is reached." : " That was the last move; the goal is not reached.";
      }
    }
    return text + " " + homeCount(b) + " of " + (b.length - 1) + " tiles are home.";
  }

  function animate(cell, fromCell, duration) {
    if (reduceMotion || !cell.animate || duration <= 0) { return; }
    var dx = fromCell.offsetLeft - cell.offsetLeft;
    var dy = fromCell.offsetTop - cell.offsetTop;
    cell.animate([
      { transform: "translate(" + dx + "px, " + dy + "px)" },
      { transform: "translate(0, 0)" }
    ], { duration: duration, easing: "ease-out" });
  }

  function stepDuration() {
    return timer ? Math.min(180, 0.7 * 1000 / Number(speedEl.value)) : 180;
  }

  // render shows position k; from is the position shown before, so that a
  // single step can slide its tile.
  function render(k, from) {
    var atIllegal = illegal !== null && k === last;
    var b = boardAfter(Math.min(k, played));
    for (var i = 0; i < cells.length; i++) {
      var t = b[i];
      var c = cells[i];
      var text = t === 0 ? "" : String(t);
      if (c.textContent !== text) { c.textContent = text; }
      c.className = t === 0 ? "cell blank" : (goalCell[t] === i ? "cell tile home" : "cell tile");
      c.removeAttribute("data-blocked");
    }
    if (k >= 1 && k <= played) { cells[blanks[k - 1]].classList.add("moved"); }
    var atOff = offPath !== null && k === offPath.index;
    if (atOff) {
      cells[offPath.played].classList.add("offpath-played");
      offPath.better.forEach(function (c) { cells[c].classList.add("offpath-better"); });
    }
    if (offMarker) { offMarker.hidden = !atOff; }
    if (atOff && offText) { offText.textContent = offPath.text; }
    boardEl.classList.toggle("at-illegal", atIllegal);
    if (atIllegal && illegal.blankDir) { cells[blanks[played]].setAttribute("data-blocked", illegal.blankDir); }
    if (marker) { marker.hidden = !atIllegal; }
    if (k === from + 1 && k <= played) {
      animate(cells[blanks[k - 1]], cells[blanks[k]], stepDuration());
    } else if (k === from - 1 && from <= played) {
      animate(cells[blanks[k + 1]], cells[blanks[k]], stepDuration());
    }

    var say = describe(k, b);
    statusEl.textContent = say;
    statusEl.classList.toggle("bad", atIllegal);
    if (!timer && b.length <= 36) {
      var sr = document.createElement("span");
      sr.className = "visually-hidden";
      sr.textContent = " " + boardWords(b);
      statusEl.appendChild(sr);
    }
    positionEl.textContent = caption(k);
    slider.value = String(k);
    slider.setAttribute("aria-valuetext", caption(k));
    sliderValue.textContent = k + " / " + last;
    setDisabled("first", k === 0);
    setDisabled("back", k === 0);
    setDisabled("forward", k === last);
    setDisabled("last", k === last);
    setDisabled("play", last === 0);
    markCurrent(k);
  }

  // setDisabled marks a button unavailable without taking focus from it.
  function setDisabled(id, off) {
    byId(id).setAttribute("aria-disabled", off ? "true" : "false");
  }

  // The move list shows a window of moves around the current one, so that
  // an answer of any length stays quick to draw.
  var WINDOW = 300;
  var lo = 0;
  var hi = 0;
  function currentIndex(k) {
    if (illegal && k === last) { return illegal.index; }
    return k - 1;
  }
  function fillList(center) {
    lo = Math.max(0, Math.min(center - WINDOW / 2, shown - WINDOW));
    hi = Math.min(shown, lo + WINDOW);
    var frag = document.createDocumentFragment();
    for (var i = lo; i < hi; i++) {
      var li = document.createElement("li");
      li.id = "move-" + (i + 1);
      var btn = document.createElement("button");
      btn.type = "button";
      btn.setAttribute("data-index", String(i));
      var where = "line " + lineOf(i);
      if (illegal && i === illegal.index) {
        li.className = "illegal";
        where = "illegal · " + where;
      } else if (offPath && i === offPath.index) {
        li.className = "offpath";
        where = "leaves the optimal paths · " + where;
      } else if (i >= played) {
        li.className = "unplayed";
        where = "not played";
        btn.setAttribute("aria-disabled", "true");
      }
      btn.innerHTML = "<span class=\"num\"></span><span class=\"tok\"></span><span class=\"where\"></span>";
      btn.children[0].textContent = String(i + 1);
      btn.children[1].textContent = token(i);
      btn.children[2].textContent = where;
      li.appendChild(btn);
      frag.appendChild(li);
    }
    list.textContent = "";
    list.appendChild(frag);
    list.setAttribute("start", String(lo + 1));
    if (shown > WINDOW || shown < total) {
      windowNote.hidden = false;
      windowNote.textContent = "Showing moves " + (lo + 1) + "–" + hi + " of " + total +
        (shown < total ? " (this page holds the first " + shown + ")." : ".");
    }
  }
  var currentLi = null;
  function markCurrent(k) {
    var i = currentIndex(k);
    var at = Math.max(i, 0);
    var margin = 30;
    if (shown > 0 && (hi === 0 || (at < lo + margin && lo > 0) || (at >= hi - margin && hi < shown))) {
      fillList(at);
      currentLi = null;
    }
    if (currentLi) {
      currentLi.classList.remove("current");
      currentLi.firstChild.removeAttribute("aria-current");
      currentLi = null;
    }
    if (i < lo || i >= hi) { return; }
    currentLi = list.children[i - lo];
    currentLi.classList.add("current");
    currentLi.firstChild.setAttribute("aria-current", "step");
    var top = currentLi.offsetTop;
    if (top < list.scrollTop) {
      list.scrollTop = top;
    } else if (top + currentLi.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + currentLi.offsetHeight - list.clientHeight;
    }
  }

  function seek(k) {
    k = Math.max(0, Math.min(last, k));
    var from = pos;
    pos = k;
    render(k, from);
  }

  function setPlaying(on) {
    if (on === (timer !== null)) { return; }
    if (on) {
      if (pos === last) { seek(0); }
      timer = window.setInterval(tick, 1000 / Number(speedEl.value));
      statusEl.setAttribute("aria-live", "off");
    } else {
      window.clearInterval(timer);
      timer = null;
      statusEl.setAttribute("aria-live", "polite");
      render(pos, pos);
    }
    playBtn.classList.toggle("playing", on);
    playBtn.setAttribute("aria-pressed", on ? "true" : "false");
    playLabel.textContent = on ? "Pause" : "Play";
  }
  function tick() {
    seek(pos + 1);
    if (pos === last) { setPlaying(false); }
  }

  function onButton(id, f) {
    byId(id).addEventListener("click", function () {
      if (this.getAttribute("aria-disabled") === "true") { return; }
      f();
    });
  }
  onButton("first", function () { setPlaying(false); seek(0); });
  onButton("back", function () { setPlaying(false); seek(pos - 1); });
  onButton("forward", function () { setPlaying(false); seek(pos + 1); });
  onButton("last", function () { setPlaying(false); seek(last); });
  onButton("play", function () { setPlaying(timer === null); });
  speedEl.addEventListener("change", function () {
    if (timer) { setPlaying(false); setPlaying(true); }
  });
  slider.addEventListener("input", function () {
    setPlaying(false);
    seek(Number(slider.value));
  });
  list.addEventListener("click", function (e) {
    var btn = e.target.closest ? e.target.closest("button") : null;
    if (!btn || btn.getAttribute("aria-disabled") === "true") { return; }
    var i = Number(btn.getAttribute("data-index"));
    setPlaying(false);
    seek(illegal && i === illegal.index ? last : i + 1);
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) { return; }
    var tag = e.target && e.target.tagName;
    var ownsArrows = e.target === slider || tag === "SELECT" || tag === "TEXTAREA";
    var ownsSpace = ownsArrows || tag === "BUTTON" || tag === "A" || tag === "INPUT";
    switch (e.key) {
      case "ArrowRight":
        if (ownsArrows) { return; }
        setPlaying(false); seek(pos + 1);
        break;
      case "ArrowLeft":
        if (ownsArrows) { return; }
        setPlaying(false); seek(pos - 1);
        break;
      case "Home":
        if (ownsArrows) { return; }
        setPlaying(false); seek(0);
        break;
      case "End":
        if (ownsArrows) { return; }
        setPlaying(false); seek(last);
        break;
      case " ":
      case "Spacebar":
        if (ownsSpace) { return; }
        setPlaying(timer === null && last > 0);
        break;
      default:
        return;
    }
    e.preventDefault();
  });

  // Open where the answer went wrong: the illegal move, or the board
  // before the first move off every optimal path.
  pos = Math.max(0, Math.min(last, data.open || 0));
  render(pos, pos);
}());
