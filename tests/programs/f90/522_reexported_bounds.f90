! Module chains: array bounds, character lengths and constants written with named
! constants of other modules, and entities re-exported through further modules
! (with only-lists and renames), so the user never sees the constants themselves.
module sizes_m
  implicit none
  integer, parameter :: nmax = 4
  integer, parameter :: nlo = -2
  integer, parameter :: clen = 6
  real(8), parameter :: scale = 0.5d0
end module sizes_m

module derived_sizes_m
  use sizes_m, only: nmax, nlo
  implicit none
  integer, parameter :: nmax2 = 2 * nmax + 1
  integer, parameter :: span = nmax - nlo
end module derived_sizes_m

module grid_m
  use sizes_m
  use derived_sizes_m, only: nmax2, width => span
  implicit none
  real(8) :: xg(nmax)
  real(8) :: yg(nlo:nmax, 2)
  integer :: counts(nmax2)
  integer :: hist(0:width)
  character(len=clen) :: labels(nmax)
  real(8), parameter :: half = scale * nmax
  integer, parameter :: total = nmax2 + width
contains
  subroutine fill()
    integer :: i
    do i = 1, nmax
      xg(i) = i * scale
      write (labels(i), '(A,I2.2)') 'cell', i
    end do
    do i = nlo, nmax
      yg(i, 1) = i
      yg(i, 2) = -i * 2
    end do
    counts = [(i * i, i = 1, nmax2)]
    hist = 0
    hist(0) = 1
    hist(width) = 2
  end subroutine fill
end module grid_m

module facade_m
  use grid_m, only: xg, yg, counts, hist, labels, fill, half, total
  implicit none
end module facade_m

module deeper_m
  use facade_m, only: ygrid => yg, hist, total, labels
  implicit none
contains
  real(8) function ysum()
    ysum = sum(ygrid)
  end function ysum
end module deeper_m

program reexported_bounds
  use facade_m, only: xg, counts, fill, half
  use deeper_m
  implicit none
  call fill()
  print '(A,I3,4F6.2)', 'xg:', size(xg), xg
  print '(A,F8.2)', 'sum(xg) =', sum(xg)
  print '(A,2I4,2I4)', 'ygrid bounds:', lbound(ygrid), ubound(ygrid)
  print '(A,F8.2)', 'ysum =', ysum()
  print '(A,I3,I6)', 'counts:', size(counts), sum(counts)
  print '(A,2I3,3I3)', 'hist:', lbound(hist), ubound(hist), hist(0), hist(6), sum(hist)
  print '(A,F6.2,I4)', 'half, total:', half, total
  print '(A,I3,4(1X,A))', 'labels:', len(labels), labels
  xg = 1
  print *, sum(xg)
end program reexported_bounds
