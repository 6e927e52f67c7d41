/* C side of 03_globals.f90: bind(c) module variables of the Fortran module, read and
   written from C. */
#include <stdint.h>

extern int32_t counter;      /* integer(c_int), bind(c) :: counter */
extern double c_scale;       /* real(c_double), bind(c, name="c_scale") :: scale */
extern int64_t big_value;    /* integer(c_int64_t), bind(c, name="big_value") :: big */
extern _Bool ready;          /* logical(c_bool), bind(c) :: ready */
extern void *where;          /* type(c_ptr), bind(c) :: where */

void c_bump(int by) { counter += by; }

double c_scaled(double x) { return ready ? x * c_scale : -1.0; }

void c_update(void) {
    c_scale *= 2;
    big_value = big_value * 3 + 1;
    ready = !ready;
    *(int32_t *)where += 1000;
}
