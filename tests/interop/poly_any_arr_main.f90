! Compiled by gpuf or gfortran, with the module of `poly_any_arr.f90` compiled by the
! other: `class(*)` arrays passed both ways and the module's `class(*)` array read here.
program anyarr_main
  use anyarr_mod
  implicit none
  integer :: i(4) = [3, 1, 4, 1]
  real(8) :: r(2) = [0.5d0, -1.25d0]
  character(3) :: w(2) = ['abc', 'xyz']
  character(80) :: text
  call put(i)
  call describe(stash, text)
  print *, trim(text)
  call put(r(2:1:-1))
  call describe(stash, text)
  print *, trim(text)
  call put(w)
  call describe(stash, text)
  print *, trim(text)
  select type (stash)
  type is (character(*))
    print *, 'main sees', len(stash), size(stash), ' ', stash
  end select
  call put(i(1:4:2))
  select type (stash)
  type is (integer)
    print *, 'main sum', sum(stash), size(stash)
  end select
  call describe([2.5d0, 4d0], text)
  print *, trim(text)
  deallocate(stash)
  print *, allocated(stash)
end program
