; The Mandelbrot iteration count on inexact numbers (after the Gambit benchmark mbrot).
(define (count r i step x y)
  (let ((max-count 64) (radius^2 16.0))
    (let ((cr (+ r (* x step))) (ci (+ i (* y step))))
      (let loop ((zr cr) (zi ci) (c 0))
        (if (= c max-count)
            c
            (let ((zr^2 (* zr zr)) (zi^2 (* zi zi)))
              (if (> (+ zr^2 zi^2) radius^2)
                  c
                  (let ((new-zr (+ (- zr^2 zi^2) cr))
                        (new-zi (+ (* 2.0 (* zr zi)) ci)))
                    (loop new-zr new-zi (+ c 1))))))))))
(display (count -1.0 -0.5 0.005 10 10))
