/* Symmetry reduction: which items are interchangeable, how many
 * labelled crossings a reduced one stands for, and how reduced plans
 * become labelled ones. */
#include <stdlib.h>

#include "unit.h"
#include "plan/plan.h"
#include "check/check.h"
#include "system/symmetry.h"
#include "util/saturate.h"

/* The class representatives of the puzzle's items, as a string: for
 * each item, the index of the first member of its class. */
static void check_classes(const char *text, const char *want, size_t n_want)
{
	river_puzzle *p = unit_load(text);
	size_t rep[MODEL_MAX_ITEMS], i;
	char got[MODEL_MAX_ITEMS + 1];

	assert_int_equal(symmetry_classes(&p->model, rep), n_want);
	for (i = 0; i < p->model.n_items; i++)
		got[i] = (char)('0' + rep[i]);
	got[i] = '\0';
	assert_string_equal(got, want);
	/* The reduction exists exactly when some class has two members. */
	assert_int_equal(p->sym != NULL, n_want > 0);
	river_puzzle_free(p);
}

static void test_detect_families(void **state)
{
	(void)state;
	/* star: x1 eats every other x, so x2..x5 are alike. */
	check_classes("title \"t\"\nitems farmer, x1, x2, x3, x4, x5\n"
		      "boat seats 3\nrowers farmer\nguard farmer\n"
		      "x1 eats x2\nx1 eats x3\nx1 eats x4\nx1 eats x5\n",
		      "012222", 1);
	/* none: all of x; the farmer rows, so he is alone. */
	check_classes("title \"t\"\nitems farmer, x[1..4]\nboat seats 2\n"
		      "rowers farmer\n", "01111", 1);
	/* wgc: nobody. */
	check_classes(WGC_TEXT, "0123", 0);
	/* few: pairs are alike only as pairs, which this does not merge;
	 * x5, x6 are alike. */
	check_classes("title \"t\"\nitems farmer, x1, x2, x3, x4, x5, x6\n"
		      "boat seats 3\nrowers farmer\nguard farmer\n"
		      "x1 eats x2\nx3 eats x4\n", "0123455", 1);
	/* Two classes. */
	check_classes("title \"t\"\nitems f, a, b, c, d\nboat seats 3\n"
		      "rowers f\na eats c unless f\na eats d unless f\n"
		      "b eats c unless f\nb eats d unless f\n", "01133", 2);
}

static void test_detect_attributes(void **state)
{
	(void)state;
	/* Labels do not matter; weights, times, attributes do. */
	check_classes("title \"t\"\nitems a \"Ann\", b \"Bob\", c\n"
		      "boat seats 2\n", "000", 1);
	check_classes("title \"t\"\nitems a (weight 1), b (weight 2), "
		      "c (weight 1)\nboat load 3\n", "010", 1);
	check_classes("title \"t\"\nitems a (time 1), b (time 2), c (time 1)\n"
		      "boat seats 2\n", "010", 1);
	check_classes("title \"t\"\nitems a (gold 1), b (gold 2), c (gold 1)\n"
		      "boat seats 2\ngold of a, b, c must not exceed 3 in the boat\n",
		      "010", 1);
	/* Rowing. */
	check_classes("title \"t\"\nitems a, b, c\nboat seats 2\nrowers a, c\n",
		      "010", 1);
	check_classes("title \"t\"\nitems a, b, c\nboat seats 2\n"
		      "rowers a, b, c\nb rows only alone\n", "010", 1);
	/* Start and goal. */
	check_classes("title \"t\"\nitems f, a, b, c\nboat seats 2\nrowers f\n"
		      "start b on the right\ngoal f, a, c on the right\n",
		      "0121", 1);
	/* Kinds are never merged with anything. */
	check_classes("title \"t\"\nitems 2 ms, 2 cs, a\nboat seats 2\n"
		      "cs must not outnumber ms\n", "012", 0);
}

static void test_detect_rules(void **state)
{
	(void)state;
	/* Eating and being eaten differ. */
	check_classes("title \"t\"\nitems f, a, b, c\nboat seats 2\nrowers f\n"
		      "a eats b unless f\nc eats a unless f\n", "0123", 0);
	/* Different guards. */
	check_classes("title \"t\"\nitems f, g, a, b, c\nboat seats 3\n"
		      "rowers f, g\nc eats a unless f\nc eats b unless g\n",
		      "01234", 0);
	/* Sets: both sides of one outnumber rule. */
	check_classes("title \"t\"\nitems a, b, c, d\nboat seats 2\n"
		      "a and b must not outnumber c and d\n", "0022", 2);
	/* A rule in the boat is not a rule on the banks. */
	check_classes("title \"t\"\nitems f, a, b, c\nboat seats 3\nrowers f\n"
		      "a eats c unless f\nb eats c unless f in the boat\n",
		      "0123", 0);
}

static void test_detect_loads(void **state)
{
	(void)state;
	check_classes("title \"t\"\nitems f, a, b, c\nrowers f\n"
		      "boat carries f or f and a or f and b\n", "0113", 1);
	check_classes("title \"t\"\nitems f, a, b, c\nrowers f\n"
		      "boat carries f or f and a or f and b or f and c\n",
		      "0111", 1);
	check_classes("title \"t\"\nitems f, a, b, c\nrowers f\n"
		      "boat carries f and a and b or f and c\n", "0113", 1);
}

/* Copies of class cl on the right bank in concrete state s. */
static unsigned on_right(const struct sym_class *cls, state_t s)
{
	unsigned n = 0;
	size_t k;

	for (k = 0; k < cls->n; k++)
		n += (unsigned)((s >> cls->bit[k]) & 1);
	return n;
}

/* The reduced state a concrete one stands for. */
static state_t project(const struct symmetry *sym, state_t s)
{
	const struct system *r = &sym->sys, *c = sym->concrete;
	state_t out = (s & c->boat) ? r->boat : 0;
	unsigned k;

	for (k = 0; k < r->n_ind; k++)
		if ((s >> sym->ind_bit[k]) & 1)
			out |= UINT64_C(1) << k;
	for (k = 0; k < r->n_kinds; k++) {
		long cl = sym->kind_class[k];
		const struct sys_kind *ck = &c->kinds[sym->kind_concrete[k]];
		unsigned n = cl >= 0 ? on_right(&sym->classes[cl], s)
				     : (unsigned)((s >> ck->shift) & ck->mask);

		out |= (state_t)n << r->kinds[k].shift;
	}
	for (k = 0; k < r->n_fields; k++)
		out |= field_get(&c->fields[k], s) << r->fields[k].shift;
	return out;
}

/* From every reduced state within depth crossings of the start: the
 * reduced loads are exactly the projections of the concrete loads from
 * the canonical state, each standing for system_ways of them; a reduced
 * state is safe exactly when its canonical state is. */
static void walk_reduced(const struct symmetry *sym, state_t s,
			 unsigned depth)
{
	const struct system *r = &sym->sys, *c = sym->concrete;
	state_t cs = symmetry_canonical(sym, s);
	struct loads rl, cl;
	size_t i, j;

	assert_int_equal(project(sym, cs), s);
	assert_int_equal(system_safe(r, s), system_safe(c, cs));
	if (depth == 0 || !system_safe(r, s) || state_is_goal(r, s))
		return;
	loads_init(&rl);
	loads_init(&cl);
	assert_int_equal(system_loads(r, s, &rl), RIVER_OK);
	assert_int_equal(system_loads(c, cs, &cl), RIVER_OK);
	for (i = 0; i < rl.n; i++) {
		state_t to = state_cross(r, s, rl.delta[i]);
		unsigned long long n = 0;

		for (j = 0; j < cl.n; j++)
			n += project(sym, state_cross(c, cs, cl.delta[j])) == to;
		assert_true(n > 0);
		assert_int_equal(system_ways(r, s, to), n);
		assert_int_equal(system_ways(c, cs, state_cross(c, cs, cl.delta[0])),
				 1);
		walk_reduced(sym, to, depth - 1);
	}
	for (j = 0; j < cl.n; j++) {
		state_t to = project(sym, state_cross(c, cs, cl.delta[j]));

		for (i = 0; i < rl.n && state_cross(r, s, rl.delta[i]) != to; i++)
			;
		assert_true(i < rl.n);
	}
	loads_release(&rl);
	loads_release(&cl);
}

static const char *const checked[] = {
	/* star 6 */
	"title \"t\"\nitems farmer, x1, x2, x3, x4, x5, x6\n"
	"boat seats 3\nrowers farmer\nguard farmer\n"
	"x1 eats x2\nx1 eats x3\nx1 eats x4\nx1 eats x5\nx1 eats x6\n",
	/* weights, a margin, a boat rule, a kind */
	"title \"t\"\nitems ferryman (weight 70), goat[1..3] (weight 20), "
	"calf (weight 50), 2 hens (weight 5)\nrowers ferryman\n"
	"boat load 120, margin 60\ncalf eats goat unless ferryman\n"
	"at most 2 of goat in the boat\n",
	/* rowing periods and times under a time limit */
	"title \"t\"\nitems farmer (time 2), owl[1..2] (time 1), "
	"mouse[1..3] (time 3)\nboat seats 3\nrowers farmer, owl\n"
	"farmer rows only on crossings 1, 2 of every 3\n"
	"owl eats mouse unless farmer\ntime limit 40\n",
	/* allowed loads */
	"title \"t\"\nitems f, a[1..3], b[1..2]\nrowers f\n"
	"boat carries f or f and a or f and b or f and a and b\n",
	/* least time */
	"title \"t\"\nitems w[1..3] (time 1), v[1..2] (time 4), s (time 9)\n"
	"boat seats 2\nminimize time\n",
};

static void test_reduced_moves_and_ways(void **state)
{
	size_t t;

	(void)state;
	for (t = 0; t < sizeof checked / sizeof *checked; t++) {
		river_puzzle *p = unit_load(checked[t]);

		assert_non_null(p->sym);
		assert_true(p->sym->sys.space < p->sys.space);
		assert_int_equal(symmetry_canonical(p->sym, p->sym->sys.start),
				 p->sys.start);
		walk_reduced(p->sym, p->sym->sys.start, 5);
		river_puzzle_free(p);
	}
}

static void solve(const river_puzzle *p, int no_symmetry, size_t max,
		  river_plan **plan)
{
	river_solve_options opts;
	river_diag diag;

	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.no_symmetry = no_symmetry;
	opts.max_plans = max;
	opts.count = 1;
	assert_int_equal(river_solve(plan, p, &opts, &diag), RIVER_OK);
}

static int cmp_plans(const void *a, const void *b)
{
	const river_plan *x = *(const river_plan *const *)a;
	const river_plan *y = *(const river_plan *const *)b;

	if (x->n_states != y->n_states)
		return x->n_states < y->n_states ? -1 : 1;
	return memcmp(x->states, y->states, x->n_states * sizeof *x->states);
}

/* The labelled plans of --all, sorted. */
static const river_plan **sorted_plans(const river_plan *plan)
{
	size_t n = river_plan_alternatives(plan), k;
	const river_plan **v = calloc(n + 1, sizeof *v);

	assert_non_null(v);
	for (k = 0; k < n; k++)
		v[k] = river_plan_alternative(plan, k);
	qsort(v, n, sizeof *v, cmp_plans);
	return v;
}

/* With and without the reduction: the same optimum, the same count,
 * the same set of labelled plans, each legal; the reduced search sees
 * fewer states. */
static void test_same_answers(void **state)
{
	size_t t, k;

	(void)state;
	for (t = 0; t < sizeof checked / sizeof *checked; t++) {
		river_puzzle *p = unit_load(checked[t]);
		river_plan *a, *b;
		const river_plan **pa, **pb;
		struct plan_fault fault;

		solve(p, 0, 100000, &a);
		solve(p, 1, 100000, &b);
		assert_int_equal(river_plan_solved(a), river_plan_solved(b));
		assert_int_equal(river_plan_crossings(a), river_plan_crossings(b));
		assert_int_equal(river_plan_time(a), river_plan_time(b));
		assert_int_equal(river_plan_count(a), river_plan_count(b));
		assert_true(river_plan_states_explored(a) <
			    river_plan_states_explored(b));
		if (river_plan_solved(a))
			assert_true(plan_check(&p->sys, a->states, a->n_states,
					       &fault));
		assert_true(river_plan_count(a) < 100000);
		assert_int_equal(river_plan_alternatives(a), river_plan_count(a));
		assert_int_equal(river_plan_alternatives(b), river_plan_count(b));
		pa = sorted_plans(a);
		pb = sorted_plans(b);
		for (k = 0; k < river_plan_alternatives(a); k++)
			assert_int_equal(cmp_plans(&pa[k], &pb[k]), 0);
		free(pa);
		free(pb);
		river_plan_free(a);
		river_plan_free(b);
		river_puzzle_free(p);
	}
}

/* A reduced plan expands into the product of its crossings' ways, all
 * different, each legal and projecting back onto it; the first moves
 * the lowest-numbered members; max cuts the expansion short. */
static void test_expand(void **state)
{
	river_puzzle *p = unit_load(checked[0]);
	const struct symmetry *sym = p->sym;
	river_solve_options opts;
	river_plan *plan;
	state_t *rplan, *plans[4096];
	size_t lens[4096], n = 0, k, i;
	unsigned long long ways = 1;
	struct plan_fault fault;

	(void)state;
	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	assert_int_equal(river_solve(&plan, p, &opts, NULL), RIVER_OK);
	rplan = malloc(plan->n_states * sizeof *rplan);
	assert_non_null(rplan);
	for (i = 0; i < plan->n_states; i++)
		rplan[i] = project(sym, plan->states[i]);
	for (i = 1; i < plan->n_states; i++)
		ways *= system_ways(&sym->sys, rplan[i - 1], rplan[i]);
	assert_true(ways > 1 && ways <= 4096);
	assert_int_equal(symmetry_expand(sym, rplan, plan->n_states, 4096,
					 plans, lens, &n), RIVER_OK);
	assert_int_equal(n, ways);
	/* The solver's own plan is the first expansion. */
	assert_memory_equal(plans[0], plan->states,
			    plan->n_states * sizeof *rplan);
	for (k = 0; k < n; k++) {
		assert_int_equal(lens[k], plan->n_states);
		assert_true(plan_check(&p->sys, plans[k], lens[k], &fault));
		for (i = 0; i < lens[k]; i++)
			assert_int_equal(project(sym, plans[k][i]), rplan[i]);
		for (i = 0; i < k; i++)
			assert_memory_not_equal(plans[k], plans[i],
						lens[k] * sizeof *rplan);
	}
	for (k = 0; k < n; k++)
		free(plans[k]);
	n = 0;
	assert_int_equal(symmetry_expand(sym, rplan, plan->n_states, 3,
					 plans, lens, &n), RIVER_OK);
	assert_int_equal(n, 3);
	for (k = 0; k < n; k++)
		free(plans[k]);
	free(rplan);
	river_plan_free(plan);
	river_puzzle_free(p);
}

/* One crossing of 20 of 40 alike: C(40, 20) labelled ones. */
static void test_ways_binomial(void **state)
{
	river_puzzle *p = unit_load("title \"t\"\nitems f, x[1..40]\n"
				    "boat seats 21\nrowers f\n");
	state_t to;

	(void)state;
	to = p->sym->sys.start + p->sym->sys.boat +
	     (UINT64_C(1) << p->sym->sys.kinds[0].shift) * 20 + 1;
	assert_true(p->sym->sys.n_ind == 1);
	/* C(40, 20) */
	assert_int_equal(system_ways(&p->sym->sys, p->sym->sys.start, to),
			 137846528820ULL);
	river_puzzle_free(p);
}

/* Binomials and multinomials, exact up to ULLONG_MAX and then stuck
 * there. */
static void test_saturating_binomials(void **state)
{
	unsigned count[4] = {2, 0, 3, 1};

	(void)state;
	assert_true(binomial_saturating(0, 0) == 1);
	assert_true(binomial_saturating(3, 4) == 0);
	assert_true(binomial_saturating(7, 3) == 35);
	assert_true(binomial_saturating(40, 20) == 137846528820ULL);
	assert_true(binomial_saturating(64, 32) == 1832624140942590534ULL);
	assert_true(binomial_saturating(67, 33) == 14226520737620288370ULL);
	assert_true(binomial_saturating(68, 34) == ~0ULL);
	assert_true(binomial_saturating(1000, 500) == ~0ULL);
	assert_true(binomial_saturating(1000, 999) == 1000);
	/* 6! / (2! 3! 1!) */
	assert_true(multinomial_saturating(count, 4) == 60);
}

/* The labelled states a searched state stands for are the states of the
 * puzzle as written that it is the reduction, or canonical state, of:
 * every state of the puzzle's own space, counted by its image. */
static void check_states_of(const river_puzzle *p)
{
	const struct system *c = &p->sys;
	const struct system *r = p->sym ? &p->sym->sys : c;
	const struct tuples *t = p->sym ? NULL : p->tuples;
	uint64_t rank, total = 0;
	unsigned *n;

	assert_true(c->rank_size > 0 && c->rank_size <= 1u << 16);
	assert_true(r->rank_size > 0);
	n = calloc((size_t)r->rank_size, sizeof *n);
	assert_non_null(n);
	for (rank = 0; rank < c->rank_size; rank++) {
		state_t s = system_unrank(c, rank);

		s = p->sym ? symmetry_project(p->sym, s) : tuples_canonical(t, s);
		n[system_rank(r, s)]++;
	}
	for (rank = 0; rank < r->rank_size; rank++) {
		state_t s = system_unrank(r, rank);

		if (n[rank] == 0)
			continue;
		assert_true(system_states_of(r, t, s) == n[rank]);
		total += n[rank];
	}
	assert_true(total == c->rank_size);
	free(n);
}

static void test_states_of(void **state)
{
	size_t k;
	river_puzzle *p;

	(void)state;
	for (k = 0; k < sizeof checked / sizeof *checked; k++) {
		p = unit_load(checked[k]);
		check_states_of(p);
		river_puzzle_free(p);
	}
	p = unit_load("title \"t\"\nitems h[1..3], w[1..3]\nboat seats 2\n"
		      "for i, j in 1..3 where i != j: w[i] must not be with "
		      "h[j] unless h[i] is there\n");
	assert_null(p->sym);
	assert_non_null(p->tuples);
	check_states_of(p);
	river_puzzle_free(p);
}

/* With no plan, every search up to interchangeable items gives the
 * states of the puzzle as written, as the plain search explores them;
 * a plan, or the plain search, gives the states explored. */
static void test_states_in_all(void **state)
{
	static const struct {
		const char *text;
		unsigned long long explored, in_all;
	} cases[] = {
		{"title \"t\"\nitems a (time 1), b (time 1), c (time 1)\n"
		 "boat seats 2\ntime limit 1\n", 3, 7},
		{"title \"t\"\nitems a (time 1), b (time 1), c (time 1)\n"
		 "boat seats 2\ntime limit 1\nminimize time\n", 3, 7},
		{"title \"t\"\nitems h[1..4], w[1..4]\nboat seats 2\n"
		 "for i, j in 1..4 where i != j: w[i] must not be with "
		 "h[j] unless h[i] is there\n", 11, 44},
		{"title \"t\"\nitems farmer, x[1..4]\nboat seats 2\n"
		 "rowers farmer\ngoal boat on the left\n", 10, 32},
	};
	size_t k, m;

	(void)state;
	for (k = 0; k < sizeof cases / sizeof *cases; k++) {
		river_puzzle *p = unit_load(cases[k].text);

		for (m = 0; m < 6; m++) {
			river_solve_options opts;
			river_plan *plan;

			river_solve_options_init(&opts,
						 RIVER_SOLVE_OPTIONS_VERSION);
			opts.method = m % 3 == 0 ? RIVER_METHOD_AUTO
				      : m % 3 == 1 ? RIVER_METHOD_QUEUE
						   : RIVER_METHOD_LAYERS;
			opts.count = m >= 3;
			assert_int_equal(river_solve(&plan, p, &opts, NULL),
					 RIVER_OK);
			assert_false(river_plan_solved(plan));
			assert_true(river_plan_states_in_all(plan) ==
				    cases[k].in_all);
			if (m % 3 != 2 || p->sym)
				assert_true(river_plan_states_explored(plan) ==
					    cases[k].explored);
			river_plan_free(plan);
			opts.no_symmetry = 1;
			assert_int_equal(river_solve(&plan, p, &opts, NULL),
					 RIVER_OK);
			assert_true(river_plan_states_explored(plan) ==
				    cases[k].in_all);
			assert_true(river_plan_states_in_all(plan) ==
				    cases[k].in_all);
			river_plan_free(plan);
		}
		river_puzzle_free(p);
	}
	for (k = 0; k < sizeof checked / sizeof *checked; k++) {
		river_puzzle *p = unit_load(checked[k]);
		river_plan *plan;

		assert_int_equal(river_solve(&plan, p, NULL, NULL), RIVER_OK);
		assert_true(river_plan_solved(plan));
		assert_true(river_plan_states_in_all(plan) ==
			    river_plan_states_explored(plan));
		river_plan_free(plan);
		river_puzzle_free(p);
	}
	assert_true(river_plan_states_in_all(NULL) == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detect_families),
		cmocka_unit_test(test_detect_attributes),
		cmocka_unit_test(test_detect_rules),
		cmocka_unit_test(test_detect_loads),
		cmocka_unit_test(test_reduced_moves_and_ways),
		cmocka_unit_test(test_same_answers),
		cmocka_unit_test(test_expand),
		cmocka_unit_test(test_ways_binomial),
		cmocka_unit_test(test_saturating_binomials),
		cmocka_unit_test(test_states_of),
		cmocka_unit_test(test_states_in_all),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
