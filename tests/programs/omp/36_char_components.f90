! flags: -fopenmp
! Character components of mapped derived types assigned inside target regions: component
! to component (same and different lengths: truncation, blank padding), a literal, a
! substring, in a loop over an array of structures.
program char_components
  implicit none
  type rec
    integer :: id
    character(len=8) :: name
    character(len=4) :: tag
  end type rec
  type(rec) :: a(6), b(6), one
  integer :: i
  do i = 1, 6
    a(i)%id = i
    a(i)%name = 'item'
    a(i)%name(5:5) = achar(iachar('0') + i)
    a(i)%tag = 'ab'
    b(i)%id = 0
    b(i)%name = '????????'
    b(i)%tag = '????'
  end do
  !$omp target map(to: a) map(tofrom: b)
  do i = 1, 6
    b(i)%id = a(i)%id * 10
    b(i)%name = a(i)%name
    b(i)%tag = a(i)%name
    if (mod(i, 2) == 0) b(i)%name = a(i)%tag
  end do
  !$omp end target
  do i = 1, 6
    print '(i3,1x,"[",a,"] [",a,"]")', b(i)%id, b(i)%name, b(i)%tag
  end do
  one%id = 1
  one%name = 'x'
  one%tag = 'y'
  !$omp target map(tofrom: one)
  one%name = 'literal'
  one%tag = 'too long'
  one%name(2:4) = one%tag(1:3)
  !$omp end target
  print '("[",a,"] [",a,"]")', one%name, one%tag
end program char_components
