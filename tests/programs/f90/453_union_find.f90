! Union-find (disjoint sets) with path compression and union by size on integer arrays,
! used for connected-component labelling of a binary image held in one string (4-connectivity) and for
! Kruskal's minimum spanning tree on a small weighted graph with edges sorted by weight.
program union_find
  implicit none
  integer, parameter :: nr = 7, nc = 9
  character(len=nr*nc) :: img
  integer :: parent(nr*nc), sz(nr*nc), lab(nr, nc), i, j, ncomp, id, r
  integer :: eu(10), ev(10), ew(10), order(10), total, used, t, k
  img = '##..#....' // &
        '#...##..#' // &
        '....#...#' // &
        '.##....##' // &
        '.#..#....' // &
        '...###.#.' // &
        '#....#.##'
  do i = 1, nr*nc
    parent(i) = i; sz(i) = 1
  end do
  do i = 1, nr
    do j = 1, nc
      if (px(i,j) /= '#') cycle
      if (i > 1) then
        if (px(i-1,j) == '#') call unite(idx(i,j), idx(i-1,j))
      end if
      if (j > 1) then
        if (px(i,j-1) == '#') call unite(idx(i,j), idx(i,j-1))
      end if
    end do
  end do
  lab = 0; ncomp = 0
  do i = 1, nr
    do j = 1, nc
      if (px(i,j) /= '#') cycle
      r = find(idx(i,j))
      if (r == idx(i,j)) then
        ncomp = ncomp + 1
        print '(A,I2,A,I3)', 'component', ncomp, ' size', sz(r)
      end if
    end do
  end do
  print '(A,I3)', 'components:', ncomp
  ! Kruskal
  eu = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
  ev = [2, 3, 3, 4, 4, 5, 5, 6, 6, 1]
  ew = [7, 5, 8, 9, 7, 5, 15, 6, 8, 9]
  order = [(k, k = 1, 10)]
  do i = 2, 10
    t = order(i)
    j = i - 1
    do while (j >= 1)
      if (ew(order(j)) <= ew(t)) exit
      order(j+1) = order(j)
      j = j - 1
    end do
    order(j+1) = t
  end do
  do i = 1, 6
    parent(i) = i; sz(i) = 1
  end do
  total = 0; used = 0
  do k = 1, 10
    id = order(k)
    if (find(eu(id)) /= find(ev(id))) then
      call unite(eu(id), ev(id))
      total = total + ew(id)
      used = used + 1
      print '(A,2I2,A,I3)', 'take edge', eu(id), ev(id), ' weight', ew(id)
    end if
  end do
  print '(A,I4,A,I2)', 'mst weight:', total, ' edges:', used
contains
  character(len=1) function px(p, q)
    integer, intent(in) :: p, q
    px = img(idx(p,q):idx(p,q))
  end function px
  integer function idx(p, q)
    integer, intent(in) :: p, q
    idx = (p - 1) * nc + q
  end function idx
  recursive integer function find(x) result(root)
    integer, intent(in) :: x
    if (parent(x) == x) then
      root = x
    else
      root = find(parent(x))
      parent(x) = root
    end if
  end function find
  subroutine unite(a, b)
    integer, intent(in) :: a, b
    integer :: ra, rb
    ra = find(a); rb = find(b)
    if (ra == rb) return
    if (sz(ra) < sz(rb)) then
      parent(ra) = rb; sz(rb) = sz(rb) + sz(ra)
    else
      parent(rb) = ra; sz(ra) = sz(ra) + sz(rb)
    end if
  end subroutine unite
end program union_find
