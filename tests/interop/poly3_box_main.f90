! Compiled by gpuf or gfortran, with the module `poly3box` compiled by the other one:
! sets `class(*)` components of objects created here, has the module read them, reads
! what the module set, copies an object by intrinsic assignment. Prints through `say`.
program poly3_box_main
  use poly3box
  implicit none
  type(box) :: a, b
  integer, target :: t = 11
  integer :: k
  allocate(a%v, source=42)
  call show(a)
  deallocate(a%v)
  allocate(a%v, source='main text')
  a%p => t
  call show(a)
  do k = 1, 4
    call set(b, k)
    select type (v => b%v)
    type is (integer)
      call say('main read integer', v)
    type is (character(*))
      call say_text('main read', v)
    type is (pt)
      call say('main read pt', v%x * 100 + v%y)
    type is (real(8))
      call say('main read real(8) times 4', int(v * 4))
    end select
  end do
  b = a
  deallocate(a%v)
  allocate(a%v, source=pt(5, 6))
  call show(b)
  call show(a)
  call point_new(a, 99)
  select type (q => a%p)
  type is (integer)
    call say('main read pointer', q)
    deallocate(a%p)
  end select
  call say('pointer associated', merge(1, 0, associated(a%p)))
end program
