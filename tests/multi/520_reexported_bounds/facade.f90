! Re-exports some of field_m's arrays; the user of this module never sees consts_m.
module facade_m
  use field_m, only: xg, grid_cells => cells, tags, setup, ncell
  implicit none
contains
  real(8) function total()
    total = sum(xg) + sum(grid_cells)
  end function total
end module facade_m
