! Constructors of characters (literals, arrays, sections of them) passed to class(*) array
! dummies: a temporary of their elements, _len their length.
program char_ctor_star
  implicit none
  character(3) :: w(2) = ['abc', 'xyz']
  character(3) :: one = 'uvw'
  call show(['ab', 'cd'])
  call show([w, 'pqr'])
  call show([one, w(2:1:-1)])
  call show(w(2:2))
contains
  subroutine show(v)
    class(*), intent(in) :: v(:)
    select type (v)
    type is (character(*))
      print *, len(v), size(v), ' ', v
    class default
      print *, 'other'
    end select
  end subroutine
end program
