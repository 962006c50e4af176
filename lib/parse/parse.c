#include "parse/parse.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "parse/parser.h"
#include "util/utf8.h"

int river_yyparse(yyscan_t scanner, struct parse_ctx *ctx);

void parse_error(struct parse_ctx *ctx, int status, const struct loc *loc,
		 const char *fmt, ...)
{
	char msg[sizeof ctx->diag->message];
	va_list ap;

	if (ctx->status != RIVER_OK)
		return; /* the first error is the one worth reading */
	ctx->status = status;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_set(ctx->diag, status, ctx->src, loc, "%s", msg);
}

/* A puzzle is UTF-8 text: refuse binary data and broken encodings
 * before the scanner sees them, pointing at the first bad byte. */
static int check_text(struct parse_ctx *ctx)
{
	const struct source *src = ctx->src;
	const char *nul = memchr(src->text, '\0', src->len);
	size_t bad = utf8_invalid_at(src->text, src->len);
	struct loc loc;

	if (nul && (size_t)(nul - src->text) <= bad) {
		loc = source_loc(src, (size_t)(nul - src->text));
		parse_error(ctx, RIVER_ESYNTAX, &loc,
			    "this is binary data (a NUL byte), not puzzle text");
		return ctx->status;
	}
	if (bad < src->len) {
		loc = source_loc(src, bad);
		parse_error(ctx, RIVER_ESYNTAX, &loc,
			    "invalid UTF-8 (byte 0x%02x): a puzzle is UTF-8 text",
			    (unsigned char)src->text[bad]);
		return ctx->status;
	}
	return RIVER_OK;
}

int parse_source(struct ast *ast, struct arena *arena,
		 const struct source *src, river_diag *diag)
{
	struct parse_ctx ctx;
	jmp_buf fatal;
	void *volatile scanner = NULL; /* read again after a longjmp */
	void *opened;
	int rc;

	memset(&ctx, 0, sizeof ctx);
	memset(ast, 0, sizeof *ast);
	ctx.arena = arena;
	ctx.src = src;
	ctx.diag = diag;
	ctx.ast = ast;
	ctx.line = 1;
	ctx.column = 1;
	ctx.fatal = &fatal;
	if (check_text(&ctx) != RIVER_OK)
		return ctx.status;
	if (setjmp(fatal) != 0) {
		if (scanner)
			scanner_close(scanner);
		return diag_set(diag, RIVER_ENOMEM, src, NULL, "out of memory");
	}
	rc = scanner_open(&opened, &ctx, src->text, src->len);
	if (rc != RIVER_OK)
		return diag_set(diag, rc, src, NULL, "out of memory");
	scanner = opened;
	rc = river_yyparse(opened, &ctx);
	scanner_close(scanner);
	scanner = NULL;
	if (ctx.status != RIVER_OK)
		return ctx.status;
	if (rc == 2)
		return diag_set(diag, RIVER_ENOMEM, src, NULL, "out of memory");
	if (rc != 0)
		return diag_set(diag, RIVER_ESYNTAX, src, NULL, "syntax error");
	return RIVER_OK;
}
