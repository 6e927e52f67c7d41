/* C side of 01_calls.f90: functions Fortran calls, and calls back into Fortran. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int id;
    double weight;
    int64_t count;
} item;

int f_square(int x);                /* bind(c) in Fortran */
void f_record(int *acc, int add);   /* bind(c, name="f_record") in Fortran */

int c_add(int a, int b) { return a + b; }

double c_dot(const double *x, const double *y, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += x[i] * y[i];
    return s;
}

void c_scale(double *x, int n, double f) {
    for (int i = 0; i < n; i++) x[i] *= f;
}

long c_strsum(const char *s) {
    long t = 0;
    while (*s) t += (unsigned char)*s++;
    return t;
}

void c_fill(char *buf, int n) {
    const char *msg = "from C";
    int k = (int)strlen(msg);
    for (int i = 0; i < n; i++) buf[i] = i < k ? msg[i] : ' ';
}

double c_items(item *it, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) {
        s += it[i].weight * it[i].id;
        it[i].count += 100;
    }
    return s;
}

int c_apply(int (*f)(int), int x) { return f(x) + 1; }

int c_twice_square(int x) {
    int acc = 0;
    f_record(&acc, f_square(x));
    f_record(&acc, f_square(x));
    return acc;
}

int *c_squares(int n) {
    int *p = malloc(sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++) p[i] = i * i;
    return p;
}

int c_sum_ints(const int *p, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) s += p[i];
    return s;
}

void c_release(void *p) { free(p); }

void *c_same(void *p) { return p; }
