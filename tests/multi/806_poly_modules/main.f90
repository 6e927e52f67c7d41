program poly_modules
  use kinds_base
  use kinds_ext
  implicit none
  class(body), allocatable :: things(:)
  type(heavy_ball) :: hb
  integer :: i
  allocate(heavy_ball :: things(3))
  do i = 1, 3
    things(i)%id = i
  end do
  call describe_all(things)
  hb%id = 9
  hb%radius = 2.0
  call hb%describe()
  print *, hb%scaled(3), hb%scaled(0.5), hb%kind_name()
  print *, things(2)%scaled(10)
  call use_holder()
  print *, 'finals', count_finals()
contains
  subroutine use_holder()
    type(holder) :: h
    h%tag = 5
    allocate(h%item, source=ball(4, 0.5))
    call h%item%describe()
    h%item = hb
    call h%item%describe()
    select type (x => h%item)
    type is (heavy_ball)
      print *, 'heavy ball in holder', x%density
    end select
  end subroutine
end program
