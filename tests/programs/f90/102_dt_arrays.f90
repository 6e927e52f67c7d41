! Arrays of derived type: allocatable, sections, whole-array assignment, overlap,
! nested array components and array expressions on components.
program dt_arrays
  implicit none
  type :: stats
    integer :: count = 0
    real(8) :: total = 0.0d0
    integer :: bins(2, 3)
  end type stats
  type :: item
    integer :: key
    real :: val
    type(stats) :: st
  end type item
  type(item), allocatable :: items(:)
  type(item) :: fixed(5), tmp
  type(stats) :: acc
  integer :: i, j, n
  n = 6
  allocate(items(n))
  print *, items(1)%st%count, items(n)%st%total
  do i = 1, n
    items(i)%key = 100 - 7 * i
    items(i)%val = 0.5 * i
    items(i)%st%count = i
    items(i)%st%total = 1.5d0 * i
    do j = 1, 3
      items(i)%st%bins(:, j) = [i * j, -i * j]
    end do
  end do
  ! Bubble sort on the key with whole-structure swaps.
  do i = 1, n - 1
    do j = 1, n - i
      if (items(j)%key > items(j + 1)%key) then
        tmp = items(j)
        items(j) = items(j + 1)
        items(j + 1) = tmp
      end if
    end do
  end do
  do i = 1, n
    print '(i4, f6.2, i3, f7.2, 6i4)', items(i)%key, items(i)%val, items(i)%st%count, items(i)%st%total, items(i)%st%bins
  end do
  ! Sections and overlapping assignment of arrays of structures.
  fixed = items(1:5)
  fixed(2:5) = fixed(1:4)
  print *, (fixed(i)%key, i = 1, 5)
  fixed(1:4) = fixed(2:5)
  print *, (fixed(i)%key, i = 1, 5)
  ! Array expressions on components.
  acc%bins = 0
  do i = 1, n
    acc%bins = acc%bins + items(i)%st%bins
    acc%count = acc%count + items(i)%st%count
    acc%total = acc%total + items(i)%st%total
  end do
  print *, acc%count, acc%total
  print *, acc%bins
  print *, sum(acc%bins), maxval(acc%bins), minval(acc%bins(1, :)), sum(acc%bins(:, 2))
  print *, count(acc%bins > 0), size(acc%bins), shape(acc%bins)
  acc%bins(1, :) = acc%bins(1, 3:1:-1)
  print *, acc%bins
  deallocate(items)
  allocate(items(2))
  print *, items(2)%st%count, size(items)
end program dt_arrays
