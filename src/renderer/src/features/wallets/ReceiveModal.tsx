// Receiving into a wallet on the settlement chain: its address as a QR code another wallet app scans, the
// same address in groups of four to compare by eye, and Copy. The QR code is drawn here, in the renderer, by
// the qrcode library as an SVG string, shown as an image (a data: URL) rather than inserted as markup.
import { useEffect, useRef, useState } from 'react';
import { Button, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useTokens } from '../markets';
import { SecretGroups } from './SecretGroups';
import { CopyAddressButton } from './CopyAddressButton';

/** The address as an SVG QR code, in a data: URL an <img> shows (null until drawn, or if it could not be). */
function useQrImage(address: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(address, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [address]);
  return src;
}

export function ReceiveModal({
  label,
  address,
  onClose,
}: {
  label: string;
  address: string;
  onClose: () => void;
}) {
  const qr = useQrImage(address);
  const { list } = useTokens();
  const groupsRef = useRef<HTMLDivElement>(null);
  const symbols = list.map((t) => t.symbol).join(', ');
  return (
    <Modal opened onClose={onClose} title={`Receive into ${label}`} size="md">
      <Stack>
        <Center>
          {qr ? (
            <Image src={qr} alt={`QR code of the address ${address}`} w={220} h={220} bg="white" />
          ) : (
            <Loader aria-label="Drawing the QR code" />
          )}
        </Center>
        <div ref={groupsRef}>
          <SecretGroups value={address} label={`Address of ${label}`} testId="receive-address" />
        </div>
        <Text size="sm">
          Send only on Solana, the exchange’s settlement chain: SOL (for network fees)
          {symbols ? ` and the exchange’s tokens (${symbols})` : ' and the exchange’s tokens'}. They arrive in
          this wallet on chain; deposit them to an exchange account from Transfers.
        </Text>
        <Group justify="flex-end">
          <CopyAddressButton address={address} label={label} node={groupsRef} />
          <Button onClick={onClose} data-autofocus>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
