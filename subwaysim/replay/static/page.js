// The replay page's script: show one turn at a time (slider, keys, play/pause, chart clicks).
// Everything the page shows is already in the page; this script only hides what the chosen
// turn does not hold (elements with data-first / data-last), and records what it drew on the
// <html> element (data-shown-turn, data-drawn-*) so a headless browser test can read it.
(function () {
  "use strict";
  var root = document.documentElement;
  var slider = document.getElementById("slider");
  var turns = Number(slider.max);
  var board = document.getElementById("board");
  var chart = document.getElementById("chart");
  var now = document.getElementById("chart-now");
  var label = document.getElementById("turn-label");
  var playButton = document.getElementById("play");
  var speed = document.getElementById("speed");
  var x0 = Number(chart.getAttribute("data-x0"));
  var dx = Number(chart.getAttribute("data-dx"));
  var timed = Array.prototype.map.call(document.querySelectorAll("[data-first]"), function (el) {
    return { el: el, first: Number(el.getAttribute("data-first")),
             last: Number(el.getAttribute("data-last")) };
  });
  var turn = turns;
  var timer = null;

  function show(t) {
    turn = Math.max(1, Math.min(turns, Math.round(t) || 1));
    timed.forEach(function (x) {
      x.el.classList.toggle("off", !(x.first <= turn && turn <= x.last));
    });
    slider.value = String(turn);
    now.setAttribute("x1", String(x0 + turn * dx));
    now.setAttribute("x2", String(x0 + turn * dx));
    var article = document.querySelector("article.turn:not(.off)");
    label.textContent = "Turn " + turn + " of " + turns +
      (article ? " · " + article.getAttribute("data-caption") : "");
    try { history.replaceState(null, "", "#turn=" + turn); } catch (e) { /* file:// may refuse */ }
    record();
  }

  function drawn(selector) {
    return Array.prototype.filter.call(document.querySelectorAll(selector), function (el) {
      var box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    }).length;
  }

  function record() {
    root.setAttribute("data-shown-turn", String(turn));
    root.setAttribute("data-drawn-cells", String(drawn("#board .cell")));
    root.setAttribute("data-drawn-trips", String(drawn("#board .trip")));
    root.setAttribute("data-drawn-track", String(drawn("#board .track")));
    root.setAttribute("data-drawn-stations", String(drawn("#board .station")));
    root.setAttribute("data-listed-trips", String(drawn("article.turn li.trip")));
    root.setAttribute("data-end-screen", drawn("#end") ? "shown" : "hidden");
  }

  function stop() {
    if (timer !== null) { clearInterval(timer); }
    timer = null;
    playButton.textContent = "▶ Play";
    playButton.setAttribute("aria-pressed", "false");
  }

  function play() {
    if (timer !== null) { stop(); return; }
    if (turn >= turns) { show(1); }
    timer = setInterval(function () {
      if (turn >= turns) { stop(); } else { show(turn + 1); }
    }, Number(speed.value));
    playButton.textContent = "❚❚ Pause";
    playButton.setAttribute("aria-pressed", "true");
  }

  function go(t) { stop(); show(t); }

  slider.addEventListener("input", function () { go(Number(slider.value)); });
  document.getElementById("prev").addEventListener("click", function () { go(turn - 1); });
  document.getElementById("next").addEventListener("click", function () { go(turn + 1); });
  playButton.addEventListener("click", play);
  speed.addEventListener("change", function () { if (timer !== null) { stop(); play(); } });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || (e.target && e.target.tagName === "SELECT")) { return; }
    var moves = { ArrowLeft: turn - 1, ArrowRight: turn + 1, Home: 1, End: turns,
                  PageUp: turn - 10, PageDown: turn + 10 };
    if (e.key in moves) { e.preventDefault(); go(moves[e.key]); }
    else if (e.key === " ") { e.preventDefault(); play(); }
  });
  Array.prototype.forEach.call(document.querySelectorAll(".chart-hit"), function (el) {
    el.addEventListener("click", function () { go(Number(el.getAttribute("data-goto"))); });
  });
  // Pointing at a trip in the turn's story picks out its path on the board.
  Array.prototype.forEach.call(document.querySelectorAll("article.turn li.trip"), function (li) {
    var article = li.closest("article.turn");
    var path = board.querySelector('.trip[data-first="' + article.getAttribute("data-first") +
                                   '"][data-trip="' + li.getAttribute("data-trip") + '"]');
    if (!path) { return; }
    li.addEventListener("mouseenter", function () {
      board.classList.add("focus"); path.classList.add("hl");
    });
    li.addEventListener("mouseleave", function () {
      board.classList.remove("focus"); path.classList.remove("hl");
    });
  });

  var asked = /^#(?:turn=)?(\d+|end)$/.exec(location.hash);  // #turn=N, #N or #end
  show(asked ? (asked[1] === "end" ? turns : Number(asked[1])) : 1);
  root.setAttribute("data-ready", "1");
}());
