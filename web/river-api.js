/*
 * river-api.js - a small JavaScript API over libriver compiled to
 * WebAssembly.  Each River runs the library in a Web Worker of its own,
 * so that a long search never freezes the page:
 *
 *   const river = new River();
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
 * an Error whose name is 'Cancel'.  Needs river-wasm.js (the wasm as
 * base64) and worker-source.js (the worker, river.js and worker.js in
 * one string) loaded first.  The wasm is compiled once, when the first
 * River starts, and every worker instantiates that module.
 */
/* global RIVER_WASM, RIVER_WORKER_SOURCE */
'use strict';

class River {
	constructor() {
		this.url = URL.createObjectURL(new Blob([RIVER_WORKER_SOURCE],
			{ type: 'text/javascript' }));
		this.next = 1;
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
		this.pending = new Map();
		const worker = this.worker = new Worker(this.url);
		/* The module goes first; calls wait for it to be sent. */
		this.sent = River.compiled().then(m => worker.postMessage({ module: m }));
		this.worker.onmessage = e => {
			const m = e.data, p = this.pending.get(m.id);
			if (!p)
				return;
			if (m.progress) {
				if (p.onProgress)
					p.onProgress(m.progress);
				return;
			}
			this.pending.delete(m.id);
			if (m.error)
				p.reject(new Error(m.error));
			else
				p.resolve(m.result);
		};
		this.worker.onerror = e => {
			for (const p of this.pending.values())
				p.reject(new Error(e.message || 'the worker failed'));
			this.pending.clear();
		};
	}

	call(fn, args, onProgress) {
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
		this.worker.terminate();
		for (const p of this.pending.values()) {
			const e = new Error('cancelled');
			e.name = 'Cancel';
			p.reject(e);
		}
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
