/* Sums and products of counts that stop at ULLONG_MAX ("at least that
 * many") instead of wrapping. */
#ifndef RIVER_SATURATE_H
#define RIVER_SATURATE_H

static inline unsigned long long add_saturating(unsigned long long a,
						unsigned long long b)
{
	return a > ~0ULL - b ? ~0ULL : a + b;
}

static inline unsigned long long mul_saturating(unsigned long long a,
						unsigned long long b)
{
	return b != 0 && a > ~0ULL / b ? ~0ULL : a * b;
}

#endif
