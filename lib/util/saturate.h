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

/* C(n, k), or ULLONG_MAX for at least that many (0 when k > n). */
static inline unsigned long long binomial_saturating(unsigned n, unsigned k)
{
	unsigned long long r = 1;
	unsigned i;

	if (k > n)
		return 0;
	if (k > n - k)
		k = n - k;
	/* r is C(n - k + i - 1, i - 1); times n - k + i, over i, it is
	 * C(n - k + i, i), which never shrinks as i grows, so that once
	 * saturated it stays so.  What of i divides r leaves the rest of i
	 * to divide n - k + i. */
	for (i = 1; i <= k && r != ~0ULL; i++) {
		unsigned long long a = r, b = i, t;

		while (b != 0) {
			t = a % b;
			a = b;
			b = t;
		}
		r = mul_saturating(r / a, (n - k + i) / (i / a));
	}
	return r;
}

/* The arrangements of count[0] + ... + count[n - 1] things, count[v] of
 * them alike of each sort v: the multinomial coefficient, saturating. */
static inline unsigned long long multinomial_saturating(const unsigned *count,
							size_t n)
{
	unsigned long long r = 1;
	unsigned sum = 0;
	size_t v;

	for (v = 0; v < n; v++) {
		sum += count[v];
		r = mul_saturating(r, binomial_saturating(sum, count[v]));
	}
	return r;
}

#endif
