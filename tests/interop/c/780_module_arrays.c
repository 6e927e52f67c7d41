/* C side of 780_module_arrays.f90: bind(c) module arrays, the first defined here. */
int c_table[5] = {1, 2, 3, 4, 5};   /* integer(c_int), bind(c, name="c_table") :: table(5) */
extern double field[2][3];          /* real(c_double), bind(c) :: field(3, 2) */

int c_table_sum(void) {
    int s = 0;
    for (int i = 0; i < 5; i++) s += c_table[i];
    return s;
}

void c_scale_field(double by) {
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 3; i++) field[j][i] = field[j][i] * by + (i == 0 ? 1000 : 0);
    c_table[4] = -c_table[4];
}
