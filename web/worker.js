/*
 * worker.js - runs libriver (river.js, which comes first in the same
 * worker source) off the page's thread.  Messages in: first {module},
 * the compiled WebAssembly.Module of river.wasm, then {id, fn, args};
 * out: {id, result} with the glue's JSON parsed, {id, error} when the
 * library gave no answer (out of memory), and {id, progress} while a
 * search runs.  A search cannot be interrupted from outside: the page
 * cancels one by ending the worker (see river-api.js).
 */
/* global createRiver */
'use strict';

let current = 0;
let ready = null;

/* The library, instantiated from the module the page compiled (the
 * first message), so that no worker parses or compiles the wasm again. */
function instantiate(module)
{
	return createRiver({
		instantiateWasm: (imports, done) => {
			WebAssembly.instantiate(module, imports)
				.then(instance => done(instance, module));
			return {};
		},
		onProgress: p => postMessage({ id: current, progress: p }),
		print: () => {},
		printErr: () => {},
	});
}

/* The glue's functions: their argument types; each answers a string. */
const signatures = {
	web_info: [],
	web_check: ['string'],
	web_solve: ['string', 'number', 'number', 'number'],
	web_verify: ['string', 'string'],
	web_replay: ['string', 'string'],
	web_hint: ['string', 'string', 'number'],
	web_export: ['string', 'string'],
};

onmessage = async e => {
	if (e.data.module) {
		ready = instantiate(e.data.module);
		return;
	}
	const M = await ready;
	const { id, fn, args } = e.data;
	if (!(fn in signatures)) {
		postMessage({ id, error: 'no such function: ' + fn });
		return;
	}
	current = id;
	const p = M.ccall(fn, 'number', signatures[fn], args);
	if (!p) {
		postMessage({ id, error: 'out of memory' });
		return;
	}
	const text = M.UTF8ToString(p);
	M.ccall('web_free', null, ['number'], [p]);
	postMessage({ id, result: JSON.parse(text) });
};
