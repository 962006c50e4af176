/* Items: individuals, counted kinds and families, with their singulars
 * and attributes. */
#include "compile/compiler.h"

#include <stdio.h>
#include <string.h>

/* Plurals that no suffix rule gets right, matched at the end of a name
 * ("policemen", "fieldmice"). */
static const struct {
	const char *plural, *singular;
} irregular[] = {
	{"children", "child"}, {"people", "person"}, {"men", "man"},
	{"geese", "goose"}, {"mice", "mouse"},
	{"oxen", "ox"}, {"feet", "foot"}, {"teeth", "tooth"},
	{"wolves", "wolf"}, {"calves", "calf"}, {"halves", "half"},
	{"leaves", "leaf"}, {"loaves", "loaf"}, {"thieves", "thief"},
	{"elves", "elf"}, {"selves", "self"}, {"shelves", "shelf"},
	{"wives", "wife"}, {"knives", "knife"},
	{"sheep", "sheep"}, {"deer", "deer"}, {"fish", "fish"},
	{"moose", "moose"}, {"series", "series"}, {"species", "species"},
};

/* "missionaries" -> "missionary", "foxes" -> "fox", "cats" -> "cat",
 * and the irregular ones above; a puzzle names the singular itself
 * where English is less regular still. */
static const char *english_singular(struct arena *arena, const char *plural)
{
	size_t n = strlen(plural), i, m;
	char *s;

	for (i = 0; i < sizeof irregular / sizeof *irregular; i++) {
		m = strlen(irregular[i].plural);
		if (n >= m && strcmp(plural + n - m, irregular[i].plural) == 0) {
			s = arena_alloc(arena, n - m + strlen(irregular[i].singular) + 1);
			if (s) {
				memcpy(s, plural, n - m);
				strcpy(s + n - m, irregular[i].singular);
			}
			return s;
		}
	}
	if (ends_with(plural, n, "ies")) {
		s = arena_strndup(arena, plural, n - 2);
		if (s)
			s[n - 3] = 'y';
		return s;
	}
	if (ends_with(plural, n, "xes") || ends_with(plural, n, "sses") ||
	    ends_with(plural, n, "ches") || ends_with(plural, n, "shes") ||
	    ends_with(plural, n, "zzes"))
		return arena_strndup(arena, plural, n - 2);
	if (ends_with(plural, n, "s") && !ends_with(plural, n, "ss"))
		return arena_strndup(arena, plural, n - 1);
	return plural;
}

static int too_many_items(struct compiler *c, const struct loc *loc,
			  const char *name)
{
	return FAIL(c, loc,
		    "the puzzle is too big: '%s' is item %u, and a puzzle has "
		    "at most %u", name,
		    MODEL_MAX_ITEMS + 1, MODEL_MAX_ITEMS);
}

/* The attribute called name, made when first seen. */
static struct attribute *attribute(struct compiler *c, const char *name)
{
	struct model *m = c->model;
	size_t i;

	for (i = 0; i < m->n_attrs; i++)
		if (strcmp(m->attrs[i].name, name) == 0)
			return &m->attrs[i];
	if (m->n_attrs == MAX_ATTRS)
		return NULL;
	if (!m->attrs) {
		m->attrs = arena_alloc(c->arena, MAX_ATTRS * sizeof *m->attrs);
		if (!m->attrs)
			return NULL;
	}
	m->attrs[m->n_attrs].name = name;
	m->attrs[m->n_attrs].value = arena_alloc(c->arena, MODEL_MAX_ITEMS *
						 sizeof(unsigned));
	if (!m->attrs[m->n_attrs].value)
		return NULL;
	memset(m->attrs[m->n_attrs].value, 0, MODEL_MAX_ITEMS * sizeof(unsigned));
	return &m->attrs[m->n_attrs++];
}

/* The attribute called name, which some item must have. */
int attribute_named(struct compiler *c, const char *name,
		    const struct loc *loc, const struct attribute **out)
{
	size_t i;

	for (i = 0; i < c->model->n_attrs; i++)
		if (strcmp(c->model->attrs[i].name, name) == 0) {
			*out = &c->model->attrs[i];
			return RIVER_OK;
		}
	return FAIL(c, loc, "no item has a %s: give some one, as in: item "
		    "bag (%s 20)", name, name);
}

/* An item's annotations: "(missionary, weight 80)". */
/* The value annotation a gives the member-th (from 0) of members: its
 * one value, or its own of one value per member. */
static int annot_value(struct compiler *c, const struct ast_item *it,
		       const struct ast_annot *a, size_t member, size_t members,
		       unsigned long long *v)
{
	const struct ast_value *value = &a->value;
	const struct ast_num *n;
	size_t given = 1, k;

	for (n = a->more; n; n = n->next)
		given++;
	if (given > 1 && members == 1)
		return FAIL(c, &a->more->value.loc, "'%s' has %zu values, and "
			    "'%s' is one item: several values are for the "
			    "members of a family, one each", a->name, given,
			    it->name);
	if (given > 1 && given != members)
		return FAIL(c, &a->loc, "'%s' has %zu values for the %zu "
			    "members of '%s': give one for all, or one each",
			    a->name, given, members, it->name);
	if (given > 1)
		for (k = 1, n = a->more; k <= member; k++, n = n->next)
			value = &n->value;
	return value_of(c, value, false, v);
}

static int annotate(struct compiler *c, const struct ast_item *it,
		    size_t index, size_t member, size_t members)
{
	struct item *item = &c->model->items[index];
	const struct ast_annot *a, *b;
	bool singular = false;
	int rc;

	for (a = it->annots; a; a = a->next) {
		unsigned long long v;
		struct attribute *attr;

		for (b = it->annots; b != a; b = b->next)
			if (a->has_value && b->has_value &&
			    strcmp(a->name, b->name) == 0)
				return FAIL(c, &a->loc, "'%s' is given twice for "
					    "'%s'", a->name, it->name);
		if (!a->has_value && a->more)
			return FAIL(c, &a->more->value.loc, "a number after "
				    "'(%s': only an attribute takes numbers, "
				    "as in (weight 40, 45)", a->name);
		if (!a->has_value) {
			if (!it->counted)
				return FAIL(c, &a->loc, "'(%s)' names a singular, and "
					    "only a counted kind has one (give "
					    "an attribute a value: (%s 3))",
					    a->name, a->name);
			if (singular)
				return FAIL(c, &a->loc, "'%s' already has a singular",
					    it->name);
			singular = true;
			item->singular = a->name;
			continue;
		}
		rc = annot_value(c, it, a, member, members, &v);
		if (rc != RIVER_OK)
			return rc;
		if (v > 1000000)
			return FAIL(c, &a->value.loc, "%s %llu is too large (the "
				    "largest is 1000000)", a->name, v);
		attr = attribute(c, a->name);
		if (!attr)
			return c->model->n_attrs == MAX_ATTRS
				? FAIL(c, &a->loc, "a puzzle has at most %u "
				       "attributes", MAX_ATTRS)
				: out_of_memory(c);
		attr->value[index] = (unsigned)v;
		if (strcmp(a->name, "weight") == 0)
			item->weight = (unsigned)v;
		else if (strcmp(a->name, "time") == 0)
			item->time = (unsigned)v;
	}
	return RIVER_OK;
}

/* "husband[1..3]": the individuals husband1, husband2, husband3, and the
 * family husband naming them all. */
static int declare_family(struct compiler *c, const struct ast_item *it)
{
	struct family *f = &c->families[c->n_families];
	unsigned long long k;
	int rc;

	rc = value_of(c, &it->from, false, &f->from);
	if (rc == RIVER_OK)
		rc = value_of(c, &it->to, false, &f->to);
	if (rc != RIVER_OK)
		return rc;
	if (f->to < f->from)
		return FAIL(c, &it->to.loc, "the family '%s' is empty: %llu..%llu",
			    it->name, f->from, f->to);
	if (f->to - f->from >= MODEL_MAX_ITEMS - c->model->n_items)
		return too_many_items(c, &it->loc, it->name);
	rc = declare_name(c, it->name, NAME_FAMILY, c->n_families,
			  it->loc);
	if (rc != RIVER_OK)
		return rc;
	f->name = it->name;
	f->first = c->model->n_items;
	c->n_families++;
	for (k = f->from; k <= f->to; k++) {
		struct item *item = &c->model->items[c->model->n_items];
		char *name = arena_alloc(c->arena, strlen(it->name) + 24);
		char *label = it->label ? arena_alloc(c->arena, strlen(it->label) + 24)
					: NULL;

		if (!name || (it->label && !label))
			return out_of_memory(c);
		sprintf(name, "%s%llu", it->name, k);
		if (label)
			sprintf(label, "%s%llu", it->label, k);
		item->name = item->singular = name;
		item->label = label ? label : "";
		item->loc = it->loc;
		item->rows = true;
		item->copies = 1;
		rc = annotate(c, it, c->model->n_items, (size_t)(k - f->from),
			      (size_t)(f->to - f->from + 1));
		if (rc == RIVER_OK)
			rc = declare_name(c, name, NAME_ITEM, c->model->n_items,
					  it->loc);
		if (rc != RIVER_OK)
			return rc;
		c->model->n_items++;
	}
	return RIVER_OK;
}

int declare_item(struct compiler *c, const struct ast_item *it)
{
	struct item *item = &c->model->items[c->model->n_items];
	size_t index = c->model->n_items;
	int rc;

	if (it->family)
		return declare_family(c, it);
	if (index == MODEL_MAX_ITEMS)
		return too_many_items(c, &it->loc, it->name);
	item->name = it->name;
	item->label = it->label ? it->label : "";
	item->loc = it->loc;
	item->rows = true;
	item->copies = 1;
	item->singular = it->name;
	if (it->counted) {
		unsigned long long count;

		rc = value_of(c, &it->count, true, &count);
		if (rc != RIVER_OK)
			return rc;
		if (count == 0)
			return FAIL(c, &it->count.loc,
				    "a counted kind needs at least one copy, not 0 %s",
				    it->name);
		if (count > MODEL_MAX_COPIES)
			return FAIL(c, &it->count.loc,
				    "%llu %s is too many: a kind has at most %u copies",
				    count, it->name, MODEL_MAX_COPIES);
		item->is_kind = true;
		item->copies = (unsigned)count;
	}
	rc = annotate(c, it, index, 0, 1);
	if (rc != RIVER_OK)
		return rc;
	if (it->counted && item->singular == it->name) {
		item->singular = english_singular(c->arena, it->name);
		if (!item->singular)
			return out_of_memory(c);
	}
	rc = declare_name(c, item->name, NAME_ITEM, index, it->loc);
	if (rc == RIVER_OK && strcmp(item->singular, item->name) != 0)
		rc = declare_name(c, item->singular, NAME_ITEM, index,
				  it->loc);
	if (rc == RIVER_OK)
		c->model->n_items++;
	return rc;
}

/* Is the word (len bytes at w) equal to s? */
static bool word_is(const char *w, size_t len, const char *s)
{
	return strlen(s) == len && memcmp(w, s, len) == 0;
}

/* Is the text (len bytes at w, a whole label or the part of one before
 * a blank) read as something other than item self's label: a count
 * alone, or one before a counted kind ("2 cannibals"), an arrow, a name
 * or singular (self's own, when whole, is the same item), or another
 * item's label? */
static bool word_taken(const struct model *m, size_t self, const char *w,
		       size_t len, bool whole)
{
	size_t j, d = 0, e;

	while (d < len && w[d] >= '0' && w[d] <= '9')
		d++;
	if (d == len && whole)
		return true;
	if (d == len) {
		for (e = len + 1; w[e] && w[e] != ' '; e++)
			;
		for (j = 0; j < m->n_items; j++)
			if (m->items[j].is_kind &&
			    (word_is(w + len + 1, e - len - 1, m->items[j].name) ||
			     word_is(w + len + 1, e - len - 1,
				     m->items[j].singular)))
				return true;
	}
	if (word_is(w, len, "-->") || word_is(w, len, "<--"))
		return true;
	for (j = 0; j < m->n_items; j++) {
		const struct item *it = &m->items[j];
		bool own = j == self;

		if ((!own || !whole) && (word_is(w, len, it->name) ||
					 word_is(w, len, it->singular)))
			return true;
		if (!own && word_is(w, len, it->label))
			return true;
	}
	return false;
}

const char *model_shown_label(const struct model *m, size_t i)
{
	const char *label = m->items[i].label;
	size_t len = strlen(label), k;

	if (len == 0 || strpbrk(label, "|\t\r\n") || strstr(label, "×") ||
	    label[0] == ' ' || label[len - 1] == ' ' || strstr(label, "  "))
		return NULL;
	for (k = 1; k <= len; k++)
		if ((k == len || label[k] == ' ') &&
		    word_taken(m, i, label, k, k == len))
			return NULL;
	return label;
}
