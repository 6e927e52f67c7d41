! Real-code idioms with assumed-shape dummies: a recursive quicksort on sections of its
! own dummy, a merge of two halves through a work array, optional assumed-shape dummies
! passed on (present or absent), and a function with assumed-shape arguments called in
! a loop and inside expressions.
module sorting
  implicit none
contains
  recursive subroutine qsort(a)
    integer, intent(inout) :: a(:)
    integer :: p, i, j, t
    if (size(a) <= 1) return
    p = a(size(a))
    i = 0
    do j = 1, size(a) - 1
      if (a(j) < p) then
        i = i + 1
        t = a(i)
        a(i) = a(j)
        a(j) = t
      end if
    end do
    t = a(i + 1)
    a(i + 1) = a(size(a))
    a(size(a)) = t
    call qsort(a(1:i))
    call qsort(a(i + 2:))
  end subroutine qsort

  recursive subroutine msort(a, work)
    real, intent(inout) :: a(:)
    real, intent(inout) :: work(:)
    integer :: n, h, i, j, k
    n = size(a)
    if (n < 2) return
    h = n / 2
    call msort(a(1:h), work)
    call msort(a(h + 1:n), work)
    i = 1
    j = h + 1
    do k = 1, n
      if (j > n) then
        work(k) = a(i)
        i = i + 1
      else if (i > h) then
        work(k) = a(j)
        j = j + 1
      else if (a(i) <= a(j)) then
        work(k) = a(i)
        i = i + 1
      else
        work(k) = a(j)
        j = j + 1
      end if
    end do
    a = work(1:n)
  end subroutine msort

  subroutine report(tag, v, weights)
    character(len=*), intent(in) :: tag
    integer, intent(in) :: v(:)
    integer, intent(in), optional :: weights(:)
    call summary(tag, v, weights)
  end subroutine report

  subroutine summary(tag, v, weights)
    character(len=*), intent(in) :: tag
    integer, intent(in) :: v(:)
    integer, intent(in), optional :: weights(:)
    if (present(weights)) then
      print '(a, i8)', tag, sum(v * weights)
    else
      print '(a, i8, l3)', tag, sum(v), present(weights)
    end if
  end subroutine summary

  integer function span(v)
    integer, intent(in) :: v(:)
    span = maxval(v) - minval(v)
  end function span
end module sorting

program recursive_sections
  use sorting
  implicit none
  integer :: a(15), b(4, 6), i, j, acc
  real :: r(11), w(11)
  a = [(mod(i * 37 + 11, 23) - 9, i = 1, 15)]
  call qsort(a)
  print '(15i4)', a
  a = [(mod(i * 53, 17), i = 1, 15)]
  call qsort(a(2:15:2))
  print '(15i4)', a
  call qsort(a(15:1:-1))
  print '(15i4)', a
  r = [(real(mod(i * 7, 11)) - 2.5, i = 1, 11)]
  call msort(r, w)
  print '(11f6.1)', r
  call report('plain', a)
  call report('weighted', a(1:5), [1, 2, 3, 4, 5])
  call report('rows', a(1:15:7), a(3:5))
  do j = 1, 6
    do i = 1, 4
      b(i, j) = mod(i * j * 7, 10) - i
    end do
  end do
  acc = 0
  do i = 1, 4
    acc = acc + span(b(i, :)) * i
  end do
  do j = 1, 6
    acc = acc + span(b(:, j)) + span(b(1:4:3, j) * 2)
  end do
  print *, acc, span(a) + span([3, -8, 12])
end program recursive_sections
