C     a fixed-form file with a type error on a continued statement
      PROGRAM BAD
      INTEGER I
      I = 1 +
     &    .TRUE.
      PRINT *, I
      END
