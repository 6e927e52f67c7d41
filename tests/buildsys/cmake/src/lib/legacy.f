C     Fixed form: adds K to every element of A(1:N).
      SUBROUTINE ADDK(N, A, K)
      INTEGER N, K, I
      DOUBLE PRECISION A(N)
      DO 10 I = 1, N
         A(I) = A(I) +
     &          DBLE(K)
   10 CONTINUE
      END
