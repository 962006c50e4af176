/*
 * worker.js - runs libriver (river.js, which comes first in the same
 * worker source) off the page's thread.  Messages in: first {module},
 * the compiled WebAssembly.Module of river.wasm, then {id, fn, args};
 * out: {id, result} with the glue's JSON parsed, {id, error} when the
 * library gave no answer (out of memory), {id, progress} while a search
 * runs, and {id, crash} when the call failed in a way the library does
 * not report (a trap of the WebAssembly, such as an access out of
 * bounds): the library's memory can no longer be trusted, and the page
 * ends this worker and starts another.  A search cannot be interrupted
 * from outside: the page cancels one by ending the worker (see
 * river-api.js).
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

/* Call fn: its strings copied into the library's heap as UTF-8 (never
 * onto its stack, which is a few megabytes and has no guard: a long
 * text would overwrite the memory below it), and freed after.  The
 * glue's answer as a string, or null when there was no memory for the
 * arguments or for the answer.  What throws leaves the copies: the
 * worker is ended. */
function call(M, fn, args)
{
	const values = [], held = [];
	const release = () => held.forEach(p => M._free(p));
	for (let i = 0; i < signatures[fn].length; i++) {
		if (signatures[fn][i] !== 'string') {
			values.push(Number(args[i]) || 0);
			continue;
		}
		const s = String(args[i]);
		const size = M.lengthBytesUTF8(s) + 1;
		const p = M._malloc(size);
		if (!p) {
			release();
			return null;
		}
		held.push(p);
		M.stringToUTF8(s, p, size);
		values.push(p);
	}
	const p = M['_' + fn](...values);
	release();
	if (!p)
		return null;
	const text = M.UTF8ToString(p);
	M._web_free(p);
	return text;
}

onmessage = async e => {
	if (e.data.module) {
		ready = instantiate(e.data.module);
		return;
	}
	const { id, fn, args } = e.data;
	if (!(fn in signatures)) {
		postMessage({ id, error: 'no such function: ' + fn });
		return;
	}
	let answer;
	try {
		const M = await ready;
		current = id;
		const text = call(M, fn, args || []);
		answer = text === null ? { id, error: 'out of memory' } :
			{ id, result: JSON.parse(text) };
	} catch (x) {
		answer = { id, crash: String(x && x.message || x) };
	}
	postMessage(answer);
};

/* A message from the page that could not be read: no call can be
 * answered, so the page is told as of a crash. */
onmessageerror = () => {
	postMessage({ crash: 'a message to the library could not be read' });
};
