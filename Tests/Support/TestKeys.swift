/// Private keys made for the tests alone (`openssl genpkey`), never used anywhere else: they
/// sign the client assertions the SMART tests send, and their public halves are registered
/// with the test servers.
public enum TestKeys {
    /// An RSA key, PKCS#8.
    public static let rsa = """
        -----BEGIN PRIVATE KEY-----
        MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDykVx+CT20Rdj9
        v3sMEgteuTHMXLFQFqEDqkgsLl+Vu5hRoLA1culrogIhiXS0HO8deuM0HFq2xefX
        qeFaEQ/HOc5lrJZUVHupTPPQ9KJzfoxC8ygMHyCgjXuECBCe1dpUZ6bEfiQ7qrPJ
        xlbrbZKp11ilz3AI5QnBz2NhgDeT7fAu4f+oE3a5zn2zKGgM/AVUQkDr8oRx+YC0
        175zuYoL9YvF73AWwe9yYhYHEa86LL1mR5NtxI1grYZEM5JfjiFDyyf+cDWhnuvg
        KWlm/5Q7+bKUQbJ1cD72eJVxtRRK1vTr4tyGnFSCYR1kssK3+o5gloES/hB0POaG
        uKF0yw7LAgMBAAECggEAAqqHBLpJ8QBPiUJ13MUaAOQyNZfTOcPLPe9niazHei2C
        AsEBuXoA3MupZar4GxQHq3WdUlukF5wx7H8+gy9AKCVs16s/n7+p+EtokU8PC2FE
        XhFZdatQlX3YnLPl/Yjw3w/17PT3UFHpAKUVxtKr061n7l1K/Z4JhGrTdyU3TICX
        MnecufZ4uPG4/Z2sH1FAZ7ZN/iqk/Fi/0AESlpvDWoKlX/IEPpssMXmuoY81f62o
        I3n5kpVLfb+78LJYP4P4CO4y/Vj67mGZk1dLST77F9wnMXdRz4ljZ9Ti80DN9pd5
        aTlUnE0PIu6OoON7VHGg6BDW66bq9uTKiPXqsiT+sQKBgQD7x1Ka5YPqIWikzvVy
        ZuCkIwLw99H8N4hk8XKMj7+pehiQUxTiBBzohDGftdHpu01P12Tu6cQHWpvlVekn
        1gMNNlfn+jeFke/3JUaOLuGNznANjRVBF5oG3Wu7+PRPWD3uW2ScVNKnfpvFmrfg
        ZkFl5RnnBDCbNv9vgSXcR0Q08wKBgQD2ooEb7/r9OZZSbuvbHdv7U5Yh8NIOGGsg
        8d+2cj6Zg0rWwG1DkyXeTdVxuttpfUcHwCA579ngwFUGxmK4iTquzUc1wLU2Y5qY
        d8N6PhBmUlJr8gX2VXk+4/480CXcQzwH2zeWNit9ZUHEf6oDoksZbXrUZ3iJkEBk
        gt2klBuUyQKBgQC4LMIcVK/+YJnvlQSuvtqstn+8TUvpt6WqUYR9ldmZ25qEWIH6
        IxASdkDml1YKJ90R/nny2kVvK7TGOeXoIgDxdUMwijR7HJnwq+/Eqj6MQOpuvzlA
        +EbPpsDcK+xq7h2/clNSmCnQJClGjzrah3JnWwNrngEASWbo5gwP6oHWSQKBgQC0
        DQZ8QsHUw4m+PEPq/u1tmSPtO0XeDG2I64sKQnT41SR5ipk5z97BX8kG8gbkCBUm
        z1e3dCZ3MXHhNEs1tNkma64ky75/Kk/eJvCJ+W03hbmuHE3F+7g79W3RL5O0LVFR
        2vPFsV4meRl+PkT7yitRMN+O2MrignC/79mnIIjSIQKBgBMroGZpR2wsqN0gvMjW
        D6Bkz/un8amtfw1KoT1bX+HqpC+zLy37HqdNXoTglpneJIZkYXY5KQD4gLhzT5uv
        RPThR7FZgvv80jPJ5J4JRrgjnApjsF6qEK59EKMYf8F0j+jOSSZ3Daa8hokZN42c
        Jdj65htznx9ORFyh19D2RWev
        -----END PRIVATE KEY-----
        """
    /// The same RSA key in the traditional form (`BEGIN RSA PRIVATE KEY`).
    public static let rsaTraditional = """
        -----BEGIN RSA PRIVATE KEY-----
        MIIEpAIBAAKCAQEA8pFcfgk9tEXY/b97DBILXrkxzFyxUBahA6pILC5flbuYUaCw
        NXLpa6ICIYl0tBzvHXrjNBxatsXn16nhWhEPxznOZayWVFR7qUzz0PSic36MQvMo
        DB8goI17hAgQntXaVGemxH4kO6qzycZW622SqddYpc9wCOUJwc9jYYA3k+3wLuH/
        qBN2uc59syhoDPwFVEJA6/KEcfmAtNe+c7mKC/WLxe9wFsHvcmIWBxGvOiy9ZkeT
        bcSNYK2GRDOSX44hQ8sn/nA1oZ7r4ClpZv+UO/mylEGydXA+9niVcbUUStb06+Lc
        hpxUgmEdZLLCt/qOYJaBEv4QdDzmhrihdMsOywIDAQABAoIBAAKqhwS6SfEAT4lC
        ddzFGgDkMjWX0znDyz3vZ4msx3otggLBAbl6ANzLqWWq+BsUB6t1nVJbpBecMex/
        PoMvQCglbNerP5+/qfhLaJFPDwthRF4RWXWrUJV92Jyz5f2I8N8P9ez091BR6QCl
        FcbSq9OtZ+5dSv2eCYRq03clN0yAlzJ3nLn2eLjxuP2drB9RQGe2Tf4qpPxYv9AB
        Epabw1qCpV/yBD6bLDF5rqGPNX+tqCN5+ZKVS32/u/CyWD+D+AjuMv1Y+u5hmZNX
        S0k++xfcJzF3Uc+JY2fU4vNAzfaXeWk5VJxNDyLujqDje1RxoOgQ1uum6vbkyoj1
        6rIk/rECgYEA+8dSmuWD6iFopM71cmbgpCMC8PfR/DeIZPFyjI+/qXoYkFMU4gQc
        6IQxn7XR6btNT9dk7unEB1qb5VXpJ9YDDTZX5/o3hZHv9yVGji7hjc5wDY0VQRea
        Bt1ru/j0T1g97ltknFTSp36bxZq34GZBZeUZ5wQwmzb/b4El3EdENPMCgYEA9qKB
        G+/6/TmWUm7r2x3b+1OWIfDSDhhrIPHftnI+mYNK1sBtQ5Ml3k3VcbrbaX1HB8Ag
        Oe/Z4MBVBsZiuIk6rs1HNcC1NmOamHfDej4QZlJSa/IF9lV5PuP+PNAl3EM8B9s3
        ljYrfWVBxH+qA6JLGW161Gd4iZBAZILdpJQblMkCgYEAuCzCHFSv/mCZ75UErr7a
        rLZ/vE1L6belqlGEfZXZmduahFiB+iMQEnZA5pdWCifdEf558tpFbyu0xjnl6CIA
        8XVDMIo0exyZ8KvvxKo+jEDqbr85QPhGz6bA3Cvsau4dv3JTUpgp0CQpRo862ody
        Z1sDa54BAElm6OYMD+qB1kkCgYEAtA0GfELB1MOJvjxD6v7tbZkj7TtF3gxtiOuL
        CkJ0+NUkeYqZOc/ewV/JBvIG5AgVJs9Xt3QmdzFx4TRLNbTZJmuuJMu+fypP3ibw
        ifltN4W5rhxNxfu4O/Vt0S+TtC1RUdrzxbFeJnkZfj5E+8orUTDfjtjK4oJwv+/Z
        pyCI0iECgYATK6BmaUdsLKjdILzI1g+gZM/7p/GprX8NSqE9W1/h6qQvsy8t+x6n
        TV6E4JaZ3iSGZGF2OSkA+IC4c0+br0T04UexWYL7/NIzyeSeCUa4I5wKY7BeqhCu
        fRCjGH/BdI/ozkkmdw2mvIaJGTeNnCXY+uYbc58fTkRcodfQ9kVnrw==
        -----END RSA PRIVATE KEY-----
        """
    /// An EC key on P-384, for ES384.
    public static let ec = """
        -----BEGIN PRIVATE KEY-----
        MIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDDqzb7khQrA54kX3YpW
        SSjwj5po6Nm6eKYF/9v+7xf8QO5GCsVU3yuCdkbF+VcPt9ShZANiAATx6X5ZkInR
        EhQy4VsXJ/4IqXungRCipntCyxpXTLp4a5oVRVsIi/tduDNCD8XsA6T9zX4NEHhN
        092s7xChBy88+fC7BB52y4C+iyXZ+3mvK8od59YAYIz7Afxq8MDo120=
        -----END PRIVATE KEY-----
        """
    /// A second RSA key, to sign what the first one was registered for.
    public static let otherRSA = """
        -----BEGIN PRIVATE KEY-----
        MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCjwtRbIub8c7iT
        I/Au7nsPFW7umnLO3ULdpQtflvpmip1WJutBY7YgDuBE2I2CbPtB8nhJsLzj2zO0
        C4dJZij1x2MS/kOh5kEccCwWzoflZmzNerPbJzCXyJY7/XSfFfQWYeUhbpuzZM+x
        /5uOwR2yqHgWOPy1vyn8y6aspis8r9QDouwue/yJMfiTakUxEUwIhc3VKReEJouk
        8a3abWAKxufC8FVgjvYfVH5bFfkBDA6r7tPHpH55xWr2gURfdpFCHcoLtPOQrLdt
        DGIwry0SVrQsItwkkDwG1l8tNdk2Sq65eQDADR4Kgn0hHAE8FEBXIfaD5IyFSoR4
        5y3xTF9NAgMBAAECggEAB3a6zQiTNJBlqjcqHEl8TFyyuKdLckg9YvLByPKNqRzK
        PQH7GPjddSqYaCrikD49WW0etGUcxtnXym34FY1VcpZK2rPCC1/+ObiXGdcB9J+t
        d9QO3H81xMU8q7FKnnGWtWpy0gpDiHKg0MEQqvn8S4dIKeMhCXuUA1SY3SeZsuNR
        +e9VgWdTsFS8upPbWrShvEZ1Su/v9Hcn6/Cu/KmLIhPLfaLqsFPKAq+ThzaRaIye
        bqyUbJd9uE8sNv+vy8yzQGi9CDbzB/YCVqEpKtt9prnw+HPwB7QuUX8YamXc6S9E
        VmzWT7fabvv5wXsaqFtI5z26Ckm4Cbr/+WChMX51gQKBgQDYhpVTMMzNj9K8nu1y
        Zp1mBIjW9mU1s/vfdRLvLxCTAVKc9An0HFHO9D7tiNxM+Yl3yPWIt21bpHkXxG65
        YBn6LzXS041IRdkytEFwkUEePZsPjLiCNQgoP7nUTbaSrRmRjkIwEBl7DbbpwwEV
        iAnsOc0pGVB3jatygJNjHHW0bQKBgQDBna4Vtrwz43sVRnTxxIpQudZDSO8ANCyy
        Q4fCwOolQnQ+WBQIXq5BGJuA+96ZrbBxaJYf2nxb2AzF2pOL0BiJRBn6vL3jb8Lz
        p5voyysqJvVvG/PHwQ++9S9nsRtnL3Ga1pvMRM6DdkoZHRE5ZeHwewnJYw6cmW26
        xqcMYonKYQKBgQDR9E4/SIaOnPM/Kuwbjhz5m1QE/Q7OsCN/Xkpp2z07DoFI5+nu
        5rb88iFCuv7DNQRzPk23sAU+Y5F31mV3IxSNX9HVCIVqmzAs1lTODksSQ7JjtZQD
        zeCHBqPulRx/xZGRblwHttS+WWIP8aLPegYFJVcmjwFTq++fK8W+yQ3pUQKBgCPT
        qKXt9W9olZr/OZ6PLsT3TlWPBmK0RN0Lr/BywCD65gWvSK2vz3DOO+AnOy6WvEKQ
        Bs+IH2DjXqGx64GAlTm5N1F1YXHXeWyaxDfUeH1JTjssIfUBnYdJWWdHl3mFhvEO
        6y9mQAyFc/qnrUtAtglIyyvPv6FspqhcIAcjqLmhAoGAX70ATSa0ZQaZMXoSNaDL
        rOjBgfbIxgbinYKUpc8M0oOhtR+Xcjv8Xla3evhsyJ0jwOfRBH8IuOnAcSrJFGK1
        3Bgn8iMTYDfFk1Ungfzd7H8qV62Y9+UZNGRv3GaDe9AZq56TZwJYdp29EBckAbLJ
        2bISePju/XKFDMpwdUzR+Xg=
        -----END PRIVATE KEY-----
        """
    /// An EC key on P-256, which SMART does not sign with.
    public static let p256 = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgUK6X9DVDaqynerSR
        zMwjjtJrTSR64qBl+5fyTqWMHUehRANCAATNcFiOkGPqbp849DrsihkE2HBTYStT
        REnoMTe8dh9foVJddpVkXiDlBjMODBxuKEMmRTQ8W9oXE4j1qXz3P2c7
        -----END PRIVATE KEY-----
        """
    /// An Ed25519 key, which SMART does not sign with.
    public static let ed25519 = """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIACYe8DW9P5EnGwyZv/HDi6amaNv7SfFqZYkRcgTx8xd
        -----END PRIVATE KEY-----
        """
    /// The P-384 key encrypted with a passphrase, which a login cannot type.
    public static let encrypted = """
        -----BEGIN ENCRYPTED PRIVATE KEY-----
        MIIBHDBXBgkqhkiG9w0BBQ0wSjApBgkqhkiG9w0BBQwwHAQIVf1ejwCUYTcCAggA
        MAwGCCqGSIb3DQIJBQAwHQYJYIZIAWUDBAEqBBD/F4rtJrZwK1tRL7v8WfO+BIHA
        BWP1qhoBsA8Mh2p7Su6BZ7jJbx82LCdRIDiJrCDFGF/tj9Kqi1pMQAG9038EwF9W
        /2eofCw2dvGz2DCCeIB6THtUzqBnUVCoRbiMB+bskpuONs7rRhb8OiagCpvGTsJu
        3WOJOBU1iGzyCegXLiM170aSd15YueBqO9o8tzZ+PrLAoWlff/voZ3cmzCd/ulCb
        lPyIdo84HDdEiUpm/yjoUuAUJ6gPhDWGlFdo4hWVeQe+btYVbb1PF2CyT8EXiY2a
        -----END ENCRYPTED PRIVATE KEY-----
        """
}
