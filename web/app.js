/*
 * app.js - the playground page.  Everything it shows about a puzzle
 * comes from libriver through river-api.js: the checks and their
 * located errors, the plans and the banks after each crossing, the
 * verdict on a move and its reason, the hints and the models.  The page
 * only draws them and keeps the moves the player has made.
 */
/* global River, RIVER_PUZZLES */
'use strict';

const $ = id => document.getElementById(id);
/* checks, moves, exports */
const quick = new River({ name: 'river-quick', onCrash: crashed });
/* searches and hints, which may be long */
const solver = new River({ name: 'river-solver', onCrash: crashed });

/* The most optimal plans kept to step through. */
const MAX_PLANS = 100;
/* The largest puzzle the page takes, in bytes of UTF-8: far above any
 * real puzzle, and a share link of it stays below the 2 MB that
 * Chromium allows a URL. */
const MAX_BYTES = 1 << 20;
const MAX_URL = 2 << 20;

const page = {
	name: 'puzzle',   /* for the names of downloads */
	check: null,      /* web_check's answer for the text */
	plans: null,      /* solved: the optimal plans kept */
	which: 0,         /* the plan shown */
	step: 0,          /* the state shown: 0 the start */
	timer: null,      /* playing the animation */
	anim: 0,          /* the animation under way, to drop stale ones */
	readyMs: 0,       /* when the page was ready, after navigation */
	solveMs: 0,       /* how long the last solve took, click to plan */
	play: null,       /* play mode: {moves, chosen, state, time, hint (a
			   * promise), optimum, won} */
};
window.riverPage = page;

const formats = {
	minizinc: ['MiniZinc', '.mzn'], smt2: ['SMT-LIB', '.smt2'],
	lp: ['LP', '.lp'], ocean: ['Ocean', '.py'], bqm: ['BQM', '.json'],
};

function labelOf(name)
{
	const it = page.check && page.check.ok &&
		page.check.items.find(i => i.name === name);
	return it && it.label ? it.label : name;
}

/* What an item's chip says: a label of words or numbers ("Alice",
 * "1 s", "Brother 1") says who it is alone; a label of pictures (an
 * emoji) is followed by the name, which says who it is where the
 * glyph is missing.  Each once. */
function chipText(name, label)
{
	if (label === name || /[\p{L}\p{N}]/u.test(label))
		return label;
	return label + ' ' + name;
}

function itemElement(name, button, onclick)
{
	const e = document.createElement(button ? 'button' : 'span');
	e.className = 'item';
	e.textContent = chipText(name, labelOf(name));
	e.title = name;
	e.dataset.name = name;
	if (button) {
		e.type = 'button';
		e.setAttribute('aria-label', name);
		e.onclick = onclick;
	}
	return e;
}

/* Draw the banks and the boat: names, a copy of a kind once each. */
function draw(left, right, side, boat, clickable)
{
	const fill = (el, names, where) => {
		el.replaceChildren(...names.map(n => itemElement(n,
			clickable && clickable(where), () => clickable(where, n))));
	};
	fill($('bank-left'), left, 'left');
	fill($('bank-right'), right, 'right');
	fill($('boat'), boat, 'boat');
	$('boat').className = 'boat ' + side;
}

function without(names, gone)
{
	const rest = names.slice();
	for (const g of gone) {
		const i = rest.indexOf(g);
		if (i >= 0)
			rest.splice(i, 1);
	}
	return rest;
}

/* ---- Checking as you type -------------------------------------- */

/* The size of text in UTF-8 when it is over the page's limit, else 0
 * (a UTF-16 unit is at most three bytes: a short text is not counted). */
function oversize(text)
{
	if (text.length * 3 <= MAX_BYTES)
		return 0;
	let n = 0;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c < 0x80)
			n += 1;
		else if (c < 0x800)
			n += 2;
		else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length &&
			 (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00)
			n += 4, i++;
		else
			n += 3;
	}
	return n > MAX_BYTES ? n : 0;
}

/* What is wrong with a text of size bytes, said in full. */
function tooLarge(bytes)
{
	return bytes.toLocaleString('en') + ' bytes, and the playground ' +
		'takes at most ' + MAX_BYTES.toLocaleString('en') +
		' (1 MB). The river command reads puzzles of any size.';
}

/* The puzzle's text, or null when it is too large (and the status line
 * says so). */
function source()
{
	const text = $('source').value;
	const bytes = oversize(text);
	if (!bytes)
		return text;
	showProblem('The puzzle is too large: ' + tooLarge(bytes));
	return null;
}

/* Something other than the puzzle's own errors, in the status line:
 * the puzzle cannot be solved or played until it is checked again. */
function showProblem(text)
{
	const status = $('status');
	page.check = null;
	status.className = 'error';
	status.onclick = null;
	const head = document.createElement('div');
	head.id = 'error';
	head.textContent = text;
	status.replaceChildren(head);
	$('summary').textContent = '';
	$('solve-btn').disabled = $('play-btn').disabled = true;
}

/* A worker failed (river-api.js has started another): said in the
 * status line, which otherwise would go on saying the puzzle is valid
 * while nothing answers.  The puzzle stays as it was checked: Solve
 * tries again. */
function crashed(e)
{
	const status = $('status');
	status.className = 'error';
	status.onclick = null;
	const head = document.createElement('div');
	head.id = 'crash';
	head.textContent = 'The library stopped (' + e.message + ') and ' +
		'has been restarted: what it was doing is lost. Try again; ' +
		'if it stops again, reload the page.';
	status.replaceChildren(head);
}

function showLines(bad)
{
	const n = $('source').value.split('\n').length;
	const lines = [];
	for (let i = 1; i <= n; i++)
		lines.push(i === bad ? '<span class="bad">' + i + '</span>' : String(i));
	$('gutter').innerHTML = lines.join('\n');
	$('gutter').scrollTop = $('source').scrollTop;
}

function showCheck(r)
{
	const status = $('status');
	page.check = r;
	status.replaceChildren();
	if (!r.ok) {
		const e = r.error;
		status.className = 'error';
		const head = document.createElement('div');
		head.id = 'error';
		head.textContent = (e.line ? 'Line ' + e.line + ', column ' +
			e.column + ': ' : '') + e.message;
		const pre = document.createElement('pre');
		pre.textContent = e.text;
		status.append(head, pre);
		status.onclick = () => goTo(e.line, e.column);
		$('source').setAttribute('aria-invalid', 'true');
		showLines(e.line);
		$('summary').textContent = '';
		$('solve-btn').disabled = $('play-btn').disabled = true;
		return;
	}
	status.className = '';
	status.textContent = 'The puzzle is valid.';
	status.onclick = null;
	$('source').removeAttribute('aria-invalid');
	showLines(0);
	const s = $('summary');
	s.replaceChildren();
	const h = document.createElement('strong');
	h.textContent = r.title;
	const p = document.createElement('p');
	p.textContent = [r.description, 'Boat: ' + r.boat + '.',
		r.rowing ? 'Rowing: ' + r.rowing + '.' : '',
		'Goal: ' + r.objective + '.'].filter(Boolean).join(' ');
	const ul = document.createElement('ul');
	for (const rule of r.rules) {
		const li = document.createElement('li');
		li.textContent = rule;
		ul.append(li);
	}
	s.append(h, p, ul);
	$('solve-btn').disabled = $('play-btn').disabled = false;
}

/* Put the caret at line, column (both from 1, columns in characters). */
function goTo(line, column)
{
	const src = $('source');
	const lines = src.value.split('\n');
	let at = 0;
	for (let i = 0; i < line - 1 && i < lines.length; i++)
		at += lines[i].length + 1;
	const chars = Array.from(lines[line - 1] || '');
	at += chars.slice(0, Math.max(column - 1, 0)).join('').length;
	src.focus();
	src.setSelectionRange(at, at);
}

let checking = 0;
async function check()
{
	const mine = ++checking;
	const text = source();
	if (text === null)
		return { ok: false };
	let r;
	try {
		r = await quick.check(text);
	} catch (e) {
		/* A crash is said by crashed(). */
		if (mine === checking && e.name !== 'Crash')
			showProblem('The puzzle could not be checked: ' +
				    e.message + '.');
		return { ok: false };
	}
	if (mine === checking)
		showCheck(r);
	return r;
}

let typing = null;
function edited()
{
	showLines(0);
	clearPlan();
	clearTimeout(typing);
	typing = setTimeout(check, 120);
}

/* ---- Solving and the animation ---------------------------------- */

/* Forget the plan shown and the game played; a search under way, of
 * the text as it was, answers nothing now (it says "Cancelled."). */
function clearPlan()
{
	if (solver.busy())
		solver.cancel();
	stopPlaying();
	page.plans = null;
	page.play = null;
	page.anim++;
	$('result').textContent = '';
	$('message').textContent = '';
	$('message').className = '';
	$('caption').textContent = '';
	$('controls').hidden = $('plans').hidden = $('playbar').hidden = true;
	$('play-btn').setAttribute('aria-pressed', 'false');
	$('storyboard').replaceChildren();
	$('stage').hidden = false;
	draw([], [], 'left', []);
}

/* State k of the plan shown: the banks and the boat's side. */
function stateOf(k)
{
	const p = page.plans[page.which];
	if (k === 0)
		return { left: p.start.left, right: p.start.right,
			 boat: page.check.boat_start };
	const c = p.plan[k - 1];
	return { left: c.left, right: c.right, boat: c.to };
}

function caption(k)
{
	const p = page.plans[page.which];
	if (k === 0)
		return 'The start.';
	const c = p.plan[k - 1];
	/* The library's own words for the crossing, as the river command
	 * prints them. */
	return 'Crossing ' + k + ' of ' + p.plan.length + ': ' + c.sentence +
		(k === p.plan.length ? ' Everything is across.' : '');
}

function showStep(k, animate)
{
	const p = page.plans[page.which];
	const mine = ++page.anim;
	page.step = k;
	$('step').textContent = 'Step ' + k + ' of ' + p.plan.length;
	$('caption').textContent = caption(k);
	$('back').disabled = $('first').disabled = k === 0;
	$('forward').disabled = $('last').disabled = k === p.plan.length;
	if (!animate || k === 0) {
		const s = stateOf(k);
		draw(s.left, s.right, s.boat, []);
		return;
	}
	const from = stateOf(k - 1), c = p.plan[k - 1];
	crossing(from, c.boat, c.from, c.to, stateOf(k), mine);
}

/* The boat leaves side from with passengers and lands on side to. */
function crossing(before, passengers, from, to, after, mine)
{
	draw(from === 'left' ? without(before.left, passengers) : before.left,
	     from === 'right' ? without(before.right, passengers) : before.right,
	     from, passengers);
	requestAnimationFrame(() => requestAnimationFrame(() => {
		if (mine !== page.anim)
			return;
		$('boat').className = 'boat ' + to;
		setTimeout(() => {
			if (mine === page.anim)
				draw(after.left, after.right, after.boat, []);
		}, 650);
	}));
}

function stopPlaying()
{
	clearInterval(page.timer);
	page.timer = null;
	$('playpause').textContent = 'Play';
}

function togglePlaying()
{
	if (!page.plans || page.play)
		return;
	if (page.timer) {
		stopPlaying();
		return;
	}
	const p = page.plans[page.which];
	if (page.step === p.plan.length)
		showStep(0, false);
	$('playpause').textContent = 'Pause';
	const tick = () => {
		if (page.step >= p.plan.length) {
			stopPlaying();
			return;
		}
		showStep(page.step + 1, true);
	};
	tick();
	page.timer = setInterval(tick, 1100);
}

function step(to)
{
	if (!page.plans || page.play)
		return;
	const n = page.plans[page.which].plan.length;
	stopPlaying();
	to = Math.max(0, Math.min(n, to));
	showStep(to, to === page.step + 1);
}

function showPlans(which)
{
	page.which = which;
	$('plan-which').textContent = 'Optimal plan ' + (which + 1) + ' of ' +
		page.plans.length;
	$('plan-prev').disabled = which === 0;
	$('plan-next').disabled = which === page.plans.length - 1;
	stopPlaying();
	showStep(0, false);
}

async function solve()
{
	const text = source();
	if (text === null)
		return;
	clearPlan();
	$('solve-btn').disabled = true;
	$('cancel-btn').hidden = false;
	$('progress').textContent = 'Searching…';
	const started = performance.now();
	let r;
	try {
		r = await solver.solve(text, { count: true, maxPlans: MAX_PLANS,
			onProgress: pr => {
				$('progress').textContent = 'Searching: ' +
					pr.states.toLocaleString('en') +
					' states, ' + pr.depth + ' crossings deep…';
			} });
	} catch (e) {
		$('progress').textContent = e.name === 'Cancel' ? 'Cancelled.' :
			e.name === 'Crash' ? 'The search failed: the library stopped.' :
			'Failed: ' + e.message + '.';
		return;
	} finally {
		$('solve-btn').disabled = false;
		$('cancel-btn').hidden = true;
	}
	page.solveMs = performance.now() - started;
	$('progress').textContent = '';
	if (!r.ok) {
		$('result').textContent = 'No answer: ' + r.error.message + '.';
		return;
	}
	const p = r.plan;
	showStoryboard(r.svg);
	if (!p.solved) {
		$('result').textContent = 'No plan: the goal cannot be reached (' +
			p.states_explored + ' states explored' +
			(p.states_in_all > p.states_explored
				? ', up to interchangeable items: ' +
				  p.states_in_all + ' in all' : '') + ').';
		return;
	}
	const count = r.count === 'many' ? 'very many' : r.count;
	/* The plan says its time when the puzzle has times (not the last
	 * check, which may be of the text before an edit). */
	$('result').textContent = p.crossings + ' crossings' +
		('time' in p ? ', time ' + p.time : '') + ' · ' +
		count + ' optimal plan' + (r.count === 1 ? '' : 's') + ' · ' +
		p.states_explored + ' states explored';
	/* The river drawn above has two banks; a river of islands or
	 * boats is told by its storyboard alone. */
	if (p.places) {
		$('result').textContent += ' · the storyboard below shows ' +
			'its ' + p.places.length + ' places';
		$('stage').hidden = true;
		$('board').open = true;
		return;
	}
	page.plans = r.alternatives.length ? r.alternatives : [p];
	$('plans').hidden = page.plans.length < 2;
	$('controls').hidden = false;
	showPlans(0);
}

/* ---- The storyboard ------------------------------------------------ */

const SVG = 'http://www.w3.org/2000/svg';
/* What a storyboard is drawn with: the elements and, for <style>, the
 * rules river_plan_render writes, and the like. */
const drawing = new Set(['svg', 'g', 'defs', 'title', 'desc', 'style',
	'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path',
	'text', 'tspan']);

/* Keep of e only what draws: elements outside the SVG namespace or not
 * drawing (script, foreignObject, a, image, use, animations...) go with
 * what they hold, and so do <style>s that load anything, event handlers
 * (on...), links and sources other than to the drawing itself, and
 * javascript: or url() anywhere else. */
function clean(e)
{
	for (const c of Array.from(e.children)) {
		if (c.namespaceURI !== SVG || !drawing.has(c.localName) ||
		    c.localName === 'style' &&
		    /@import|url\s*\(|expression|javascript:/i.test(c.textContent))
			c.remove();
		else
			clean(c);
	}
	for (const a of Array.from(e.attributes)) {
		const name = a.localName.toLowerCase();
		const value = a.value.replace(/[\s\0-\x1f]+/g, '').toLowerCase();
		if (name.startsWith('on') ||
		    (name === 'href' || name === 'src') && !value.startsWith('#') ||
		    /javascript:|url\((?!#)/.test(value))
			e.removeAttributeNode(a);
	}
}

/*
 * The storyboard, river_plan_render's SVG: parsed as XML, never as the
 * page's HTML, and only its drawing kept (clean) before it joins the
 * page.  The library escapes every title, label and description it
 * writes; this holds even if it did not.  A text that is not one
 * well-formed <svg> is not shown at all.
 */
function showStoryboard(text)
{
	const board = $('storyboard');
	const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
	const svg = doc.documentElement;
	if (doc.getElementsByTagNameNS('*', 'parsererror').length ||
	    svg.namespaceURI !== SVG || svg.localName !== 'svg') {
		const p = document.createElement('p');
		p.textContent = 'The storyboard could not be read.';
		board.replaceChildren(p);
		return;
	}
	clean(svg);
	board.replaceChildren(document.importNode(svg, true));
}

/* ---- Play mode --------------------------------------------------- */

function planText(moves)
{
	return moves.map(m => m + '\n').join('');
}

function drawPlay()
{
	const g = page.play, s = g.state;
	const side = s.boat;
	const bank = side === 'left' ? s.left : s.right;
	const rest = without(bank, g.chosen);
	draw(side === 'left' ? rest : s.left, side === 'right' ? rest : s.right,
	     side, g.chosen, (where, name) => {
		if (name === undefined)
			return where === side || where === 'boat';
		if (where === 'boat')
			g.chosen = without(g.chosen, [name]);
		else
			g.chosen = g.chosen.concat([name]);
		$('message').textContent = '';
		$('message').className = '';
		drawPlay();
		const again = document.querySelector(where === 'boat' ?
			'#bank-' + side + ' .item' : '#boat .item');
		if (again)
			again.focus();
	});
	$('cross').disabled = g.chosen.length === 0 || g.won;
	$('undo').disabled = g.moves.length === 0;
	$('caption').textContent = g.won ? '' : 'Crossings so far: ' +
		g.moves.length + (page.check.timed ? ', time ' + g.time : '') +
		'. Click who gets into the boat, then Cross.';
}

function say(text, cls)
{
	$('message').textContent = text;
	$('message').className = cls || '';
}

/* The moves replayed by the library, without a search: the verdict (a
 * refused crossing and its reason) and the crossings played, whose last
 * state is where the player stands. */
async function replay(moves)
{
	const text = source();
	if (text === null)
		return { ok: false };
	let r;
	try {
		r = await quick.replay(text, planText(moves));
	} catch (e) {
		if (e.name !== 'Crash')
			say('No answer: ' + e.message + '.', 'refused');
		return { ok: false };
	}
	if (!r.ok) {
		say(r.error.message, 'refused');
		return r;
	}
	const steps = r.plan.plan, last = steps[steps.length - 1];
	if (r.plan.places)
		return r;
	r.state = last ? { boat: last.to, left: last.left, right: last.right }
		       : r.plan.start;
	return r;
}

/* The hint from where the player stands: a search, on the solver's
 * worker so that moves never wait for it; a newer move cancels it.  A
 * dead end is said as soon as it is known. */
function askHint(g)
{
	if (solver.busy())
		solver.cancel();
	const moves = g.moves;
	g.hint = solver.hint($('source').value, planText(moves)).then(r => {
		if (page.play === g && g.moves === moves && r.ok && r.hint &&
		    !r.hint.solved && !g.won)
			say(r.text.trim(), 'refused');
		return r;
	}, e => ({ ok: false, error: { message: e.message } }));
}

async function startPlay()
{
	if (page.play) {
		clearPlan();
		return;
	}
	clearPlan();
	const r = await replay([]);
	if (!r.ok)
		return;
	if (r.plan.places) {
		say('Play takes a river of two banks and one boat; this one ' +
		    'has more: Solve shows its plan.', 'refused');
		return;
	}
	const g = { moves: [], chosen: [], state: r.state, time: 0,
		    hint: null, optimum: null, won: false };
	page.play = g;
	$('play-btn').setAttribute('aria-pressed', 'true');
	$('playbar').hidden = false;
	say('Take everything across.', '');
	drawPlay();
	askHint(g);
	/* The start's hint is the optimum the win is measured against. */
	const h = await g.hint;
	if (page.play !== g)
		return;
	if (h.ok && h.hint)
		g.optimum = h.hint;
	else
		say('No hint: ' + h.error.message + '.', 'refused');
}

function arrived(g, r)
{
	g.state = r.state;
	g.time = r.plan.time || 0;
	g.chosen = [];
	if (r.verdict.legal) {
		g.won = true;
		const o = g.optimum;
		let text = 'You won in ' + g.moves.length + ' crossings';
		if (page.check.timed)
			text += ', time ' + g.time;
		if (o && o.solved) {
			text += '; the optimum is ' + o.remaining + ' crossings';
			if (page.check.minimizes_time)
				text += ', time ' + o.time;
		}
		say(text + '.', 'won');
	} else {
		say('');
		askHint(g);
	}
}

async function cross()
{
	const g = page.play;
	if (!g || !g.chosen.length || g.won)
		return;
	const moves = g.moves.concat([g.chosen.join(' ')]);
	const r = await replay(moves);
	if (!r.ok || page.play !== g)
		return;
	if (r.verdict.step > 0) {
		say('Refused: ' + r.verdict.reason + '.', 'refused');
		return;
	}
	const before = g.state, passengers = g.chosen;
	g.moves = moves;
	const mine = ++page.anim;
	arrived(g, r);
	crossing(before, passengers, before.boat, g.state.boat, g.state, mine);
	setTimeout(() => { if (page.play === g && mine === page.anim) drawPlay(); }, 700);
	$('cross').disabled = true;
}

async function undo()
{
	const g = page.play;
	if (!g || !g.moves.length)
		return;
	const moves = g.moves.slice(0, -1);
	const r = await replay(moves);
	if (!r.ok || page.play !== g)
		return;
	g.moves = moves;
	g.won = false;
	page.anim++;
	arrived(g, r);
	drawPlay();
}

async function hint()
{
	const g = page.play;
	if (!g || g.won)
		return;
	const moves = g.moves;
	say('Searching for a hint…', '');
	const r = await g.hint;
	if (page.play !== g || g.moves !== moves)
		return;
	if (!r.ok) {
		say('No hint: ' + r.error.message + '.', 'refused');
		return;
	}
	say(r.text.trim(), r.hint.solved ? '' : 'refused');
	const next = r.hint.next;
	if (!next)
		return;
	const want = next.boat.slice();
	for (const e of document.querySelectorAll('#stage .item')) {
		const i = want.indexOf(e.dataset.name);
		if (i >= 0) {
			e.classList.add('next');
			want.splice(i, 1);
		}
	}
}

/* ---- Exports and sharing ----------------------------------------- */

async function download(format)
{
	const text = source();
	if (text === null)
		return;
	let r;
	try {
		r = await quick.exportModel(text, format);
	} catch (e) {
		if (e.name !== 'Crash')
			say('No ' + formats[format][0] + ' model: ' + e.message +
			    '.', 'refused');
		return;
	}
	if (!r.ok) {
		say('No ' + formats[format][0] + ' model: ' + r.error.message +
			'.', 'refused');
		return;
	}
	const a = document.createElement('a');
	a.href = URL.createObjectURL(new Blob([r.model], { type: 'text/plain' }));
	a.download = page.name + (formats[format] ? formats[format][1] : '.txt');
	document.body.append(a);
	a.click();
	a.remove();
	setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function encode(text)
{
	const bytes = new TextEncoder().encode(text);
	let s = '';
	for (const b of bytes)
		s += String.fromCharCode(b);
	return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decode(data)
{
	const s = atob(data.replace(/-/g, '+').replace(/_/g, '/'));
	return new TextDecoder().decode(Uint8Array.from(s, c => c.charCodeAt(0)));
}

/* A link that carries the puzzle; refused, with why, for a puzzle over
 * the page's limit (which a link could not open), or a link longer
 * than a browser takes. */
function share()
{
	const text = $('source').value, bytes = oversize(text);
	$('share-url').hidden = true;
	if (bytes) {
		say('The puzzle is too large to share: ' + tooLarge(bytes),
		    'refused');
		return;
	}
	const url = location.href.replace(/#.*$/, '') + '#puzzle=' +
		encode(text);
	if (url.length > MAX_URL) {
		say('The link would be too long to share: ' +
		    url.length.toLocaleString('en') + ' characters, and ' +
		    'Chromium takes at most ' + MAX_URL.toLocaleString('en') +
		    '.', 'refused');
		return;
	}
	history.replaceState(null, '', url);
	$('share-url').hidden = false;
	$('share-url').value = url;
	$('share-url').select();
	if (navigator.clipboard)
		navigator.clipboard.writeText(url).catch(() => {});
}

function load(name, text)
{
	page.name = name;
	$('source').value = text;
	clearPlan();
	return check();
}

/* The puzzle of the page's link: {text}, {error} saying why it cannot
 * be opened, or null when the link holds none.  One over the size the
 * page takes is refused before it is decoded. */
function linked()
{
	const m = /#puzzle=([A-Za-z0-9_-]*)/.exec(location.hash);
	if (!m)
		return null;
	const over = 'The link\'s puzzle is too large to open: ';
	if (Math.floor(m[1].length * 3 / 4) > MAX_BYTES)
		return { error: over + tooLarge(Math.floor(m[1].length * 3 / 4)) };
	let text;
	try {
		text = decode(m[1]);
	} catch (e) {
		return { error: 'The link does not hold a puzzle.' };
	}
	if (oversize(text))
		return { error: over + tooLarge(oversize(text)) };
	return { text };
}

/* Open the puzzle of a link followed in the page; a link refused
 * leaves the puzzle shown as it was. */
function fromLocation()
{
	const l = linked();
	if (!l)
		return;
	if (l.error) {
		say(l.error, 'refused');
		return;
	}
	$('puzzles').value = '';
	load('puzzle', l.text);
}

/* ---- Wiring --------------------------------------------------------- */

function keys(e)
{
	const t = e.target;
	if (t.tagName === 'TEXTAREA' || t.tagName === 'INPUT' ||
	    t.tagName === 'SELECT' || e.ctrlKey || e.metaKey || e.altKey)
		return;
	const n = page.plans ? page.plans[page.which].plan.length : 0;
	switch (e.key) {
	case 'ArrowRight': step(page.step + 1); break;
	case 'ArrowLeft': step(page.step - 1); break;
	case 'Home': step(0); break;
	case 'End': step(n); break;
	case ' ':
		if (t.tagName === 'BUTTON' && t.id !== 'playpause')
			return;
		togglePlaying();
		break;
	default: return;
	}
	e.preventDefault();
}

async function main()
{
	const menu = $('puzzles');
	const none = document.createElement('option');
	none.value = '';
	none.textContent = '(your own)';
	menu.append(none);
	for (const p of RIVER_PUZZLES) {
		const o = document.createElement('option');
		o.value = p.name;
		o.textContent = p.name;
		menu.append(o);
	}
	menu.onchange = () => {
		const p = RIVER_PUZZLES.find(q => q.name === menu.value);
		if (p)
			load(p.name, p.text);
	};
	$('source').addEventListener('input', () => {
		$('puzzles').value = '';
		edited();
	});
	$('source').addEventListener('scroll', () => {
		$('gutter').scrollTop = $('source').scrollTop;
	});
	$('solve-btn').onclick = solve;
	$('cancel-btn').onclick = () => solver.cancel();
	$('play-btn').onclick = startPlay;
	$('first').onclick = () => step(0);
	$('back').onclick = () => step(page.step - 1);
	$('forward').onclick = () => step(page.step + 1);
	$('last').onclick = () => step(Infinity);
	$('playpause').onclick = togglePlaying;
	$('plan-prev').onclick = () => showPlans(page.which - 1);
	$('plan-next').onclick = () => showPlans(page.which + 1);
	$('cross').onclick = cross;
	$('undo').onclick = undo;
	$('restart').onclick = () => { page.play = null; startPlay(); };
	$('hint').onclick = hint;
	$('share').onclick = share;
	document.addEventListener('keydown', keys);
	window.addEventListener('hashchange', fromLocation);

	const info = await quick.info().catch(e => ({ version: '(' + e.message + ')',
		formats: [] }));
	$('version').textContent = info.version;
	for (const f of info.formats) {
		const b = document.createElement('button');
		b.type = 'button';
		b.id = 'export-' + f;
		b.textContent = formats[f] ? formats[f][0] : f;
		b.onclick = () => download(f);
		$('exports').append(b);
	}
	/* The link's puzzle, else wolf, goat and cabbage, and then why
	 * the link's was refused. */
	const l = linked();
	if (l && l.text !== undefined) {
		await load('puzzle', l.text);
	} else {
		menu.value = 'wgc';
		await load('wgc', RIVER_PUZZLES.find(q => q.name === 'wgc').text);
		if (l)
			say(l.error, 'refused');
	}
	page.readyMs = performance.now();
	document.body.dataset.ready = '1';
}

main();
