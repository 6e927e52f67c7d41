/* C side of 02_callbacks.f90: a table of C functions handed to Fortran as pointers, and
   a driver that calls Fortran procedures with arrays, strings and values. */
#include <stdint.h>
#include <string.h>

typedef double (*unary)(double);

static double c_half(double x) { return x / 2; }
static double c_neg(double x) { return -x; }

unary c_pick(int which) { return which == 0 ? c_half : c_neg; }

/* Fortran procedures (bind(c)). */
void f_accumulate(const int *v, int n, int64_t *total);
int f_count_char(const char *s, int n, char c);
double f_eval(unary f, double x);

int64_t c_drive(void) {
    int v[5] = {1, 2, 3, 4, 5};
    int64_t total = 1000;
    f_accumulate(v, 5, &total);
    const char *s = "banana bread";
    total += 100 * f_count_char(s, (int)strlen(s), 'a');
    total += (int64_t)f_eval(c_neg, 7.0);
    return total;
}

void c_transform(double *x, int n, unary f) {
    for (int i = 0; i < n; i++) x[i] = f(x[i]);
}
