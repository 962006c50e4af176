/*
 * river-api.js - a small JavaScript API over libriver compiled to
 * WebAssembly.  Each River runs the library in a Web Worker of its own,
 * so that a long search never freezes the page:
 *
 *   const river = new River({name, onCrash});   // both optional
 *   await river.check(text)            // {ok, title, items, rules, ...}
 *   await river.solve(text, {count, maxPlans, maxStates, onProgress})
 *                                      // {ok, plan, svg, count, alternatives}
 *   await river.verify(text, plan)     // {ok, verdict: {legal, step, reason}}
 *   await river.replay(text, plan)     // {ok, verdict, plan}: the moves so
 *                                      // far, without a search
 *   await river.hint(text, plan)       // {ok, verdict, hint, text}
 *   await river.exportModel(text, fmt) // {ok, model}
 *   await river.info()                 // {version, formats}
 *   river.cancel()                     // ends the work under way
 *
 * A failure the library reports comes back as {ok: false, error: {line,
 * column, message, text, status, name}}; a cancelled call rejects with
 * an Error whose name is 'Cancel'.  When the worker itself fails (the
 * WebAssembly traps, an error escapes the worker, a message cannot be
 * read), every call under way rejects with an Error whose name is
 * 'Crash', onCrash is called with it, and a fresh worker is started
 * (if that one fails too before it has answered anything, the next is
 * started only at the next call).  Needs river-wasm.js (the wasm as base64) and
 * worker-source.js (the worker, river.js and worker.js in one string)
 * loaded first.  The wasm is compiled once, when the first River
 * starts, and every worker instantiates that module.  The name is the
 * worker's (self.name), for the browser's tools.
 */
/* global RIVER_WASM, RIVER_WORKER_SOURCE */
'use strict';

class River {
	constructor(options = {}) {
		this.url = URL.createObjectURL(new Blob([RIVER_WORKER_SOURCE],
			{ type: 'text/javascript' }));
		this.name = options.name || 'river';
		this.onCrash = options.onCrash || null;
		this.next = 1;
		this.pending = new Map();
		this.crashes = 0;  /* since the last answer */
		this.start();
	}

	/* river.wasm compiled, once for the page. */
	static compiled() {
		if (!River.module) {
			const text = atob(RIVER_WASM);
			const bytes = new Uint8Array(text.length);
			for (let i = 0; i < text.length; i++)
				bytes[i] = text.charCodeAt(i);
			River.module = WebAssembly.compile(bytes);
		}
		return River.module;
	}

	start() {
		const worker = this.worker = new Worker(this.url, { name: this.name });
		/* The module goes first; calls wait for it to be sent. */
		this.sent = River.compiled().then(m => worker.postMessage({ module: m }));
		worker.onmessage = e => {
			if (worker !== this.worker)
				return;
			const m = e.data;
			if (m.crash) {
				this.crashed(m.crash);
				return;
			}
			const p = this.pending.get(m.id);
			if (!p)
				return;
			if (m.progress) {
				if (p.onProgress)
					p.onProgress(m.progress);
				return;
			}
			this.crashes = 0;
			this.pending.delete(m.id);
			if (m.error)
				p.reject(new Error(m.error));
			else
				p.resolve(m.result);
		};
		worker.onerror = e => {
			e.preventDefault();
			if (worker === this.worker)
				this.crashed(e.message || 'the worker failed');
		};
		worker.onmessageerror = () => {
			if (worker === this.worker)
				this.crashed('an answer from the library could not be read');
		};
	}

	/* The worker failed: end it, reject what it was doing, start
	 * another and say so.  Another is started at once after the first
	 * failure, then only at the next call until one answers, so that a
	 * worker failing as it starts is not started again and again. */
	crashed(why) {
		const again = ++this.crashes === 1;
		this.worker.terminate();
		this.worker = null;
		const e = new Error(why);
		e.name = 'Crash';
		for (const p of this.pending.values())
			p.reject(e);
		this.pending.clear();
		if (again)
			this.start();
		if (this.onCrash)
			this.onCrash(e);
	}

	call(fn, args, onProgress) {
		if (!this.worker)
			this.start();
		return new Promise((resolve, reject) => {
			const id = this.next++;
			const worker = this.worker;
			this.pending.set(id, { resolve, reject, onProgress });
			this.sent.then(() => worker.postMessage({ id, fn, args }),
				       e => {
					       this.pending.delete(id);
					       reject(e);
				       });
		});
	}

	/* End the worker and whatever it was doing; start a fresh one. */
	cancel() {
		if (this.worker)
			this.worker.terminate();
		for (const p of this.pending.values()) {
			const e = new Error('cancelled');
			e.name = 'Cancel';
			p.reject(e);
		}
		this.pending.clear();
		this.start();
	}

	busy() { return this.pending.size > 0; }

	info() { return this.call('web_info', []); }
	check(text) { return this.call('web_check', [text]); }
	solve(text, o = {}) {
		return this.call('web_solve', [text, o.count ? 1 : 0,
			o.maxPlans || 0, o.maxStates || 0], o.onProgress);
	}
	verify(text, plan) { return this.call('web_verify', [text, plan]); }
	replay(text, plan) { return this.call('web_replay', [text, plan]); }
	hint(text, plan, o = {}) {
		return this.call('web_hint', [text, plan, o.maxStates || 0],
			o.onProgress);
	}
	exportModel(text, format) {
		return this.call('web_export', [text, format]);
	}
}
